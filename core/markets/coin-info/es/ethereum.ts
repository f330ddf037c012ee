import type { CoinInfo } from '../coin-info-schema.ts';

export default {
  coin_name: 'Ethereum',
  iso: 'ETH',
  section: [
    {
      heading: '',
      p: [
        { text: 'Ethereum es una cadena de bloques pública que, además de pagos, ejecuta programas llamados contratos inteligentes. Su moneda propia es el ether (ETH), con el que se pagan las comisiones de cada transacción y de cada programa que se ejecuta en la red.' },
        { text: 'Vitalik Buterin propuso Ethereum en un documento técnico de 2013, y la red se puso en marcha en julio de 2015. Sobre ella se emiten muchos otros tokens, entre ellos las mayores monedas estables en dólares.' },
      ],
    },
    {
      heading: 'Cómo funciona',
      p: [
        { text: 'Desde septiembre de 2022, Ethereum funciona con prueba de participación. Cada validador bloquea 32 ETH para poder proponer y confirmar bloques, que se añaden cada 12 segundos. El validador que incumple las reglas puede perder parte de lo depositado.' },
      ],
      ul: [
        { heading: 'Oferta', text: 'El ether no tiene un máximo fijo. Se crea ether nuevo para recompensar a los validadores y, a la vez, se destruye una parte de cada comisión, así que la oferta total puede crecer o disminuir según lo ocupada que esté la red.' },
        { heading: 'Comisiones', text: 'Cada operación consume «gas», que se paga en ether. El precio del gas sube cuando mucha gente quiere usar la red al mismo tiempo.' },
        { heading: 'Unidades', text: 'Un ether se divide en 10^18 wei, la unidad más pequeña.' },
      ],
    },
    {
      heading: 'Para qué se usa',
      p: [
        { text: 'Los desarrolladores usan Ethereum para crear aplicaciones que funcionan sin un operador central: tokens, monedas estables, servicios de préstamo e intercambio (lo que suele llamarse finanzas descentralizadas) y objetos digitales de colección (NFT).' },
        { text: 'Cada vez más actividad se produce en redes de capa 2, que agrupan muchas transacciones y registran el resultado en Ethereum para abaratar las comisiones.' },
      ],
    },
    {
      heading: 'Qué debes saber',
      p: [],
      ul: [
        { heading: 'Volatilidad', text: 'El precio del ether puede variar bruscamente en poco tiempo.' },
        { heading: 'Riesgo de los contratos inteligentes', text: 'Un programa con un error puede perder los fondos que guarda, y las transacciones en la cadena de bloques no se pueden deshacer. Que una aplicación funcione sobre Ethereum no dice nada de la seguridad de su código.' },
        { heading: 'Comisiones variables', text: 'Las comisiones dependen de la demanda y pueden ser altas cuando la red está saturada.' },
        { heading: 'Staking', text: 'El ether depositado para validar puede sufrir penalizaciones si el validador actúa mal, y hacer staking a través de un proveedor supone confiar en ese proveedor.' },
      ],
    },
    {
      heading: 'Historia',
      p: [],
      ul: [
        { heading: '2013', text: 'Vitalik Buterin publica el documento técnico de Ethereum.' },
        { heading: '2015', text: 'La red se pone en marcha el 30 de julio.' },
        { heading: '2016', text: 'Tras un ataque contra «The DAO», un contrato de inversión, la comunidad modifica la cadena para devolver los fondos. La cadena que conservó el historial original sigue existiendo como Ethereum Classic.' },
        { heading: '2021', text: 'La actualización London empieza a destruir una parte de cada comisión.' },
        { heading: '2022', text: 'The Merge lleva Ethereum de la prueba de trabajo a la prueba de participación y reduce su consumo de energía en más de un 99 %.' },
        { heading: '2023', text: 'La actualización Shanghái permite a los validadores retirar el ether depositado.' },
      ],
    },
  ],
} satisfies CoinInfo;
