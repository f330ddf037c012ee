import type { CoinInfo } from '../coin-info-schema.ts';

export default {
  coin_name: 'VeChain',
  iso: 'VET',
  section: [
    {
      heading: '',
      p: [
        { text: 'VeChain es una cadena de bloques pública orientada sobre todo a las empresas, en particular al seguimiento de productos en la cadena de suministro: registrar de dónde vienen las mercancías, cómo se manipulan y adónde van. Su red principal, VeChainThor, se puso en marcha en 2018.' },
        { text: 'El proyecto lo fundó Sunny Lu y lo respalda la VeChain Foundation.' },
      ],
    },
    {
      heading: 'Cómo funciona',
      p: [
        { text: 'VeChain usa dos tokens. VET es el principal, el que se guarda y se transfiere. Tener VET genera un segundo token, VTHO, con el que se pagan las comisiones. Separar los dos busca que el coste de usar la red sea más previsible que el precio de VET.' },
        { text: 'Los bloques los ha producido un grupo limitado de nodos de autoridad cuyos operadores verifica la VeChain Foundation. La fundación ha anunciado el paso a un modelo de staking abierto a más participantes; consulta la web oficial para saber en qué punto está.' },
      ],
      ul: [
        { heading: 'VET', text: 'El token principal, para guardar y transferir valor y para generar VTHO.' },
        { heading: 'VTHO', text: 'El token de las comisiones. Parte del VTHO pagado en comisiones se destruye.' },
      ],
    },
    {
      heading: 'Para qué se usa',
      p: [
        { text: 'Las empresas usan VeChain para registrar el origen y la manipulación de sus productos, para que los clientes comprueben que un artículo es auténtico y para hacer el seguimiento de datos como las emisiones de carbono. VET también se negocia en plataformas de intercambio.' },
      ],
    },
    {
      heading: 'Qué debes saber',
      p: [],
      ul: [
        { heading: 'Volatilidad', text: 'El precio de VET puede variar bruscamente en poco tiempo.' },
        { heading: 'Centralización', text: 'Los productores de bloques han sido aprobados por la fundación, lo que hace la red más centralizada que las cadenas abiertas de prueba de trabajo o de participación.' },
        { heading: 'Adopción empresarial', text: 'Las alianzas anunciadas no siempre se convierten en un uso duradero. Contrasta lo que se dice sobre la adopción con fuentes independientes.' },
      ],
    },
    {
      heading: 'Historia',
      p: [],
      ul: [
        { heading: '2017', text: 'Se vende el token VEN como token sobre Ethereum.' },
        { heading: '2018', text: 'Se pone en marcha la red VeChainThor y los VEN se canjean por VET a razón de 1 VEN por 100 VET.' },
      ],
    },
  ],
} satisfies CoinInfo;
