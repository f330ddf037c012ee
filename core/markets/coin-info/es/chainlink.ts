import type { CoinInfo } from '../coin-info-schema.ts';

export default {
  coin_name: 'Chainlink',
  iso: 'LINK',
  section: [
    {
      heading: '',
      p: [
        { text: 'Chainlink es una red de oráculos: servicios que llevan a una cadena de bloques información de fuera de ella, como los precios de mercado, para que los contratos inteligentes puedan usarla. Un contrato inteligente no puede consultar un precio en internet por sí solo; se lo entrega un oráculo.' },
        { text: 'LINK es el token con el que se paga a los operadores de la red. Se creó en 2017 como token sobre Ethereum, y la red se puso en marcha en 2019.' },
      ],
    },
    {
      heading: 'Cómo funciona',
      p: [
        { text: 'Varios operadores independientes obtienen cada uno los mismos datos de distintas fuentes. Sus respuestas se combinan en un único valor en la cadena de bloques, de modo que ningún operador ni fuente decide el resultado por sí solo.' },
      ],
      ul: [
        { heading: 'Oferta', text: 'La oferta total está fijada en mil millones de LINK, todos creados al inicio. La empresa que impulsa Chainlink se quedó con una parte importante, que va liberando con el tiempo.' },
        { heading: 'Pago y staking', text: 'A los operadores se les paga en LINK, y desde 2022 quienes tienen LINK pueden depositarlos en staking para respaldar la fiabilidad de algunos servicios.' },
        { heading: 'Muchas cadenas', text: 'Chainlink da servicio a muchas cadenas de bloques y ofrece un protocolo para enviar mensajes y tokens de una a otra.' },
      ],
    },
    {
      heading: 'Para qué se usa',
      p: [
        { text: 'Las aplicaciones de préstamo e intercambio usan los precios de Chainlink para valorar las garantías y liquidar operaciones. También ofrece números aleatorios verificables, la ejecución automática de contratos en momentos fijados y transferencias entre cadenas de bloques.' },
      ],
    },
    {
      heading: 'Qué debes saber',
      p: [],
      ul: [
        { heading: 'Volatilidad', text: 'El precio de LINK puede variar bruscamente en poco tiempo.' },
        { heading: 'Dependencia compartida', text: 'Muchas aplicaciones dependen de los mismos datos, así que un dato erróneo puede afectarlas a todas a la vez.' },
        { heading: 'Tenencia concentrada', text: 'Buena parte de los LINK está en manos de la empresa que impulsa el proyecto, y sus ventas pueden influir en el mercado.' },
        { heading: 'Riesgo de los contratos inteligentes', text: 'Como cualquier software en una cadena de bloques, los contratos que intervienen pueden tener errores.' },
      ],
    },
    {
      heading: 'Historia',
      p: [],
      ul: [
        { heading: '2017', text: 'Se publica el documento técnico de Chainlink y se venden LINK en una venta de tokens.' },
        { heading: '2019', text: 'La red se pone en marcha en Ethereum.' },
        { heading: '2022', text: 'Empieza el staking de LINK.' },
        { heading: '2023', text: 'El protocolo de transferencias entre cadenas de bloques entra en funcionamiento en las redes principales, al principio en acceso anticipado.' },
      ],
    },
  ],
} satisfies CoinInfo;
