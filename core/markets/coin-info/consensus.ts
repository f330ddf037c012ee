// How each market coin's network agrees on its ledger, named once in both languages so the registry
// holds a code and no coin can carry a Spanish label that drifted from its English one.

export const CONSENSUS = {
  'proof-of-work': { en: 'Proof of work', es: 'Prueba de trabajo' },
  'proof-of-stake': { en: 'Proof of stake', es: 'Prueba de participación' },
  'nominated-proof-of-stake': { en: 'Nominated proof of stake', es: 'Prueba de participación nominada' },
  'delegated-proof-of-stake': { en: 'Delegated proof of stake', es: 'Prueba de participación delegada' },
  'proof-of-staked-authority': { en: 'Proof of staked authority', es: 'Prueba de autoridad con participación' },
  'federated-consensus': { en: 'Federated consensus (validator lists)', es: 'Consenso federado (listas de validadores)' },
  'proof-of-storage': { en: 'Proof of storage', es: 'Prueba de almacenamiento' },
  // A token has no consensus of its own: the chains that carry it decide its transfers.
  token: { en: 'Token on other blockchains', es: 'Token sobre otras cadenas de bloques' },
} as const satisfies Record<string, { en: string; es: string }>;

export type ConsensusCode = keyof typeof CONSENSUS;
