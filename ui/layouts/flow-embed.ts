// Whether a flow page is drawn inside another frame's card (the buy widget runs the guest flow's steps
// inside its widget card): FlowLayout then draws only the page, since the card already has the
// header, the close button, the footer and the page's <main>.
import { createContext } from 'react';

export const FlowEmbedded = createContext(false);
