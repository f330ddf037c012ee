import type { CoinInfo } from '../coin-info-schema.ts';

export default {
  coin_name: 'Polygon',
  iso: 'POL',
  section: [
    {
      heading: '',
      p: [
        { text: 'Polygon es un conjunto de redes creado para que las aplicaciones que funcionan como las de Ethereum sean más baratas y rápidas de usar. Empezó en 2017 como Matic Network, de la mano de un equipo de desarrolladores de la India, y en 2021 pasó a llamarse Polygon.' },
        { text: 'Su token es POL, que en 2024 sustituyó al anterior token MATIC a razón de uno por uno.' },
      ],
    },
    {
      heading: 'Cómo funciona',
      p: [
        { text: 'Su red más conocida, Polygon PoS, es una cadena de bloques de prueba de participación: los validadores depositan POL para producir y confirmar bloques, y la red registra periódicamente en Ethereum resúmenes de su estado. Ejecuta los mismos contratos inteligentes que Ethereum, así que las aplicaciones y los monederos sirven para ambas.' },
      ],
      ul: [
        { heading: 'Comisiones', text: 'Las comisiones de Polygon PoS se pagan en POL y suelen ser una pequeña fracción de las de Ethereum.' },
        { heading: 'Oferta', text: 'POL empezó con 10.000 millones de tokens, los mismos que MATIC, y cada año se emiten POL nuevos para recompensar a los validadores y financiar una tesorería de la comunidad, así que no hay un máximo fijo.' },
        { heading: 'Tecnología de conocimiento cero', text: 'Polygon también desarrolla redes que usan pruebas de conocimiento cero, una forma de demostrar que muchas transacciones se procesaron correctamente sin tener que repetirlas.' },
      ],
    },
    {
      heading: 'Para qué se usa',
      p: [
        { text: 'Polygon se usa para pagos y transferencias de monedas estables con comisiones bajas, juegos y objetos digitales de colección, y aplicaciones de préstamo e intercambio. POL sirve para pagar las comisiones y se deposita en staking para proteger la red.' },
      ],
    },
    {
      heading: 'Qué debes saber',
      p: [],
      ul: [
        { heading: 'Volatilidad', text: 'El precio de POL puede variar bruscamente en poco tiempo.' },
        { heading: 'Seguridad propia', text: 'A Polygon PoS la protegen sus propios validadores, no los de Ethereum, así que no tiene la misma seguridad que Ethereum.' },
        { heading: 'Riesgo de los puentes', text: 'Para mover tokens entre Ethereum y Polygon se usan contratos puente, que pueden tener errores.' },
        { heading: 'Cambio de token', text: 'Los MATIC que se tienen en Ethereum deben convertirse en POL mediante la migración oficial; comprueba qué token espera cada servicio.' },
      ],
    },
    {
      heading: 'Historia',
      p: [],
      ul: [
        { heading: '2017', text: 'Se funda Matic Network.' },
        { heading: '2019', text: 'Se vende el token MATIC en una venta de tokens.' },
        { heading: '2020', text: 'La red principal se pone en marcha.' },
        { heading: '2021', text: 'Matic Network pasa a llamarse Polygon.' },
        { heading: '2024', text: 'POL sustituye a MATIC como token de la red.' },
      ],
    },
  ],
} satisfies CoinInfo;
