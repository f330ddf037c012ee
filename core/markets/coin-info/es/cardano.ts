import type { CoinInfo } from '../coin-info-schema.ts';

export default {
  coin_name: 'Cardano',
  iso: 'ADA',
  section: [
    {
      heading: '',
      p: [
        { text: 'Cardano es una cadena de bloques pública de prueba de participación para pagos y contratos inteligentes. Su moneda, ADA, lleva el nombre de la matemática Ada Lovelace, y la red, el del erudito renacentista Gerolamo Cardano.' },
        { text: 'Puso en marcha el proyecto Charles Hoskinson, uno de los cofundadores de Ethereum, y la red se lanzó en 2017. La desarrollan sobre todo tres organizaciones, Input Output, la Cardano Foundation y EMURGO, y se caracteriza por basar su diseño en investigaciones revisadas por pares.' },
      ],
    },
    {
      heading: 'Cómo funciona',
      p: [
        { text: 'El protocolo de prueba de participación de Cardano se llama Ouroboros. Quienes tienen ADA delegan su participación en grupos de staking (stake pools) gestionados por operadores, que se turnan para producir bloques. Los ADA delegados no quedan bloqueados: se pueden gastar en cualquier momento.' },
      ],
      ul: [
        { heading: 'Oferta', text: 'Nunca habrá más de 45.000 millones de ADA. Las recompensas del staking se pagan con una reserva de ADA aún no emitidos y con las comisiones de las transacciones.' },
        { heading: 'Unidades', text: 'Un ADA se divide en un millón de lovelace.' },
        { heading: 'Gobernanza', text: 'Quienes tienen ADA votan los cambios del protocolo y el uso de la tesorería de la red.' },
      ],
    },
    {
      heading: 'Para qué se usa',
      p: [
        { text: 'ADA se usa para pagar, para abonar las comisiones, para el staking y para votar. Cardano admite además tokens creados directamente en el registro y contratos inteligentes para aplicaciones como el intercambio o los préstamos.' },
      ],
    },
    {
      heading: 'Qué debes saber',
      p: [],
      ul: [
        { heading: 'Volatilidad', text: 'El precio de ADA puede variar bruscamente en poco tiempo.' },
        { heading: 'Riesgo de los contratos inteligentes', text: 'Las aplicaciones creadas sobre Cardano pueden tener errores, y sus transacciones no se pueden deshacer.' },
        { heading: 'Pocas organizaciones centrales', text: 'Buena parte del desarrollo lo han dirigido unas pocas organizaciones, aunque cada vez más decisiones se toman mediante votaciones en la cadena entre quienes tienen ADA.' },
      ],
    },
    {
      heading: 'Historia',
      p: [],
      ul: [
        { heading: '2017', text: 'La red Cardano se pone en marcha en septiembre.' },
        { heading: '2020', text: 'La actualización Shelley permite que grupos de staking gestionados por la comunidad produzcan bloques.' },
        { heading: '2021', text: 'En marzo llegan los tokens en el propio registro, y en septiembre la actualización Alonzo habilita los contratos inteligentes.' },
        { heading: '2024', text: 'La actualización Chang pone en marcha la gobernanza en la cadena por parte de quienes tienen ADA.' },
      ],
    },
  ],
} satisfies CoinInfo;
