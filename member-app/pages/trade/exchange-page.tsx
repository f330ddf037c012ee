// /exchange: the shared conversion screen for the exchange operation.
import { MemberFrame } from '../../identity/member-frame.tsx';
import { ConversionScreen } from '../../trade/conversions/conversion-screen.tsx';

export default function ExchangePage() {
  return <MemberFrame>{(user) => <ConversionScreen operation="exchange" user={user} />}</MemberFrame>;
}
