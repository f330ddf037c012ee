// The remittance flow's calls (core/contract/remittance.ts) through the iframe app's one typed client: name
// the flow cookie's remittance's recipient, and read where it stands. The flow token stays in its cookie.
import { getRemittance, saveRemitRecipient, type RemitRecipientBody } from '#core/contract/remittance.ts';
import { api } from '../widget/widget-api.ts';

export const saveRecipient = (body: RemitRecipientBody) => api().call(saveRemitRecipient, { body });

export const loadRemittance = () => api().call(getRemittance, {});
