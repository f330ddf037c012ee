// /buy: the shared conversion screen for the buy operation.
import { MemberFrame } from '../../identity/member-frame.tsx';
import { ConversionScreen } from '../../trade/conversions/conversion-screen.tsx';

export default function BuyPage() {
  return <MemberFrame>{(user) => <ConversionScreen operation="buy" user={user} />}</MemberFrame>;
}
