import { MODULE_APP, type ModuleName } from '#core/modules.ts';

/** The modules core/modules.ts assigns to this app. */
export type MemberModule = 'sys-wallets' | 'sys-blocked' | 'sys-maintenance' | 'sys-admin';

export function isMemberModule(module: ModuleName): module is MemberModule {
  return MODULE_APP[module] === 'member-app';
}
