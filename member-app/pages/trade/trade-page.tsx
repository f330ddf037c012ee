// /trade: the shared conversion screen for the trade operation.
import { MemberFrame } from '../../identity/member-frame.tsx';
import { ConversionScreen } from '../../trade/conversions/conversion-screen.tsx';

export default function TradePage() {
  return <MemberFrame>{(user) => <ConversionScreen operation="trade" user={user} />}</MemberFrame>;
}
