// The modules whose pages are the flow's steps: the flow, the remittance and the buy widget (inside its
// frame). The step pages are shared; each guards and links by the module of the document it runs in.
export type FlowModule = 'sys-flow' | 'sys-remitflow' | 'sys-buywidget';

export function flowModuleOf(module: string): FlowModule {
  return module === 'sys-remitflow' || module === 'sys-buywidget' ? module : 'sys-flow';
}
