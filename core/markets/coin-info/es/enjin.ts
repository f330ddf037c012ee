import type { CoinInfo } from '../coin-info-schema.ts';

export default {
  coin_name: 'Enjin Coin',
  iso: 'ENJ',
  section: [
    {
      heading: '',
      p: [
        { text: 'Enjin Coin (ENJ) es el token de Enjin, una empresa fundada en 2009 como plataforma para comunidades de jugadores. ENJ se creó en 2017 como token sobre Ethereum, para usarlo en objetos de videojuegos y otros bienes digitales registrados en una cadena de bloques (NFT).' },
        { text: 'Más adelante, Enjin construyó su propia cadena de bloques para estos objetos, en la que ENJ es el token propio.' },
      ],
    },
    {
      heading: 'Cómo funciona',
      p: [
        { text: 'En Ethereum, Enjin contribuyó a redactar ERC-1155, un estándar que permite a un solo contrato gestionar muchos tipos de token a la vez, algo útil para juegos con muchos objetos distintos. Los objetos creados con las herramientas de Enjin llevan dentro una pequeña cantidad de ENJ, que se recupera destruyendo («fundiendo») el objeto.' },
        { text: 'La cadena de bloques de Enjin incorpora funciones para crear e intercambiar NFT, de modo que los desarrolladores no necesitan escribir sus propios contratos inteligentes. Los validadores, y quienes los respaldan con sus ENJ, depositan ENJ para protegerla, y allí las comisiones se pagan en ENJ.' },
      ],
      ul: [
        { heading: 'En Ethereum', text: 'ENJ existe como token sobre Ethereum, donde se emitió por primera vez.' },
        { heading: 'En la cadena de Enjin', text: 'ENJ es el token propio, que se usa para las comisiones y el staking; se puede pasar de Ethereum a esta cadena mediante la migración oficial de Enjin.' },
      ],
    },
    {
      heading: 'Para qué se usa',
      p: [
        { text: 'Los desarrolladores de juegos y las marcas usan ENJ para crear objetos de juego, coleccionables digitales y recompensas de fidelidad, y los jugadores, para intercambiarlos. También se negocia en plataformas de intercambio.' },
      ],
    },
    {
      heading: 'Qué debes saber',
      p: [],
      ul: [
        { heading: 'Volatilidad', text: 'El precio de ENJ puede variar bruscamente en poco tiempo.' },
        { heading: 'Demanda cambiante de NFT', text: 'El interés por los NFT y los juegos en cadenas de bloques ha subido y bajado con fuerza a lo largo de los años.' },
        { heading: 'Dependencia de una empresa', text: 'Las herramientas, la cadena de bloques y el mercado de Enjin los desarrolla sobre todo una sola empresa.' },
        { heading: 'Dos redes', text: 'Los ENJ de Ethereum y los de la cadena de Enjin están en redes distintas. Comprueba cuál admite un monedero o servicio antes de enviar.' },
      ],
    },
    {
      heading: 'Historia',
      p: [],
      ul: [
        { heading: '2009', text: 'Se funda Enjin como plataforma para comunidades de jugadores.' },
        { heading: '2017', text: 'Se vende ENJ en una venta de tokens sobre Ethereum.' },
        { heading: '2018', text: 'Un cofundador de Enjin propone el estándar de tokens ERC-1155.' },
        { heading: '2023', text: 'Se pone en marcha la cadena de bloques de Enjin.' },
      ],
    },
  ],
} satisfies CoinInfo;
