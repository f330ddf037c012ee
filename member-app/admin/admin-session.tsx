// Who is signed in to the console, for every page but /login: loads GET /v1/admin/me once per page,
// sends a visitor without a session to /login, and gives the page the operator.
import { useEffect, useState } from 'react';
import { useLocation } from 'wouter';
import { operatorMe, type OperatorMe } from '#core/contract/admin-session.ts';
import { adminApi } from './admin-api.ts';

export type OperatorState = { status: 'loading' } | { status: 'ready'; me: OperatorMe } | { status: 'failed'; message: string };

export function useOperator(): OperatorState {
  const [, navigate] = useLocation();
  const [state, setState] = useState<OperatorState>({ status: 'loading' });
  useEffect(() => {
    let live = true;
    void adminApi()
      .call(operatorMe, {})
      .then((result) => {
        if (!live) return;
        if (result.ok) setState({ status: 'ready', me: result.data });
        else if (result.error.code === 'operator_session_required') navigate('/login', { replace: true });
        else setState({ status: 'failed', message: result.error.message });
      });
    return () => {
      live = false;
    };
  }, [navigate]);
  return state;
}
