// "/" of sys-wallets: the member's home is /wallets; its guard sends a visitor on to /login.
import { Redirect } from 'wouter';

export default function RootPage() {
  return <Redirect to="/wallets" replace />;
}
