// /sell: the shared conversion screen for the sell operation.
import { MemberFrame } from '../../identity/member-frame.tsx';
import { ConversionScreen } from '../../trade/conversions/conversion-screen.tsx';

export default function SellPage() {
  return <MemberFrame>{(user) => <ConversionScreen operation="sell" user={user} />}</MemberFrame>;
}
