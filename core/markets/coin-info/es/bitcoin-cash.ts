import type { CoinInfo } from '../coin-info-schema.ts';

export default {
  coin_name: 'Bitcoin Cash',
  iso: 'BCH',
  section: [
    {
      heading: '',
      p: [
        { text: 'Bitcoin Cash es una criptomoneda que se separó de Bitcoin el 1 de agosto de 2017. Sus partidarios querían que Bitcoin pudiera procesar más pagos con bloques más grandes, en lugar de depender sobre todo de otras capas construidas encima.' },
        { text: 'Quien tenía bitcoins en el momento de la separación recibió la misma cantidad de Bitcoin Cash. Desde entonces son dos monedas distintas, cada una con su propia cadena de bloques.' },
      ],
    },
    {
      heading: 'Cómo funciona',
      p: [
        { text: 'Bitcoin Cash conserva casi todo el diseño de Bitcoin: prueba de trabajo con el algoritmo SHA-256, un bloque cada diez minutos, aproximadamente, y una recompensa por bloque que se reduce a la mitad cada 210.000 bloques. Sus bloques pueden ser mucho más grandes que los de Bitcoin, así que en cada uno caben más transacciones.' },
      ],
      ul: [
        { heading: 'Oferta', text: 'Igual que en Bitcoin, nunca habrá más de 21 millones de monedas.' },
        { heading: 'Unidades', text: 'Un BCH se divide en 100 millones de satoshis.' },
        { heading: 'Direcciones', text: 'Bitcoin Cash tiene su propio formato de dirección, que a menudo empieza por «bitcoincash:», para no confundirlas con las de Bitcoin.' },
      ],
    },
    {
      heading: 'Para qué se usa',
      p: [
        { text: 'Bitcoin Cash se usa sobre todo para pagos, en los que sus comisiones bajas convienen a los importes pequeños, y para operar en los mercados.' },
      ],
    },
    {
      heading: 'Qué debes saber',
      p: [],
      ul: [
        { heading: 'Volatilidad', text: 'El precio de BCH puede variar bruscamente en poco tiempo.' },
        { heading: 'Red de minería más pequeña', text: 'A Bitcoin Cash la protege mucha menos potencia de cálculo que a Bitcoin, lo que abarata un ataque contra ella.' },
        { heading: 'Nuevas divisiones', text: 'Los desacuerdos en la comunidad han dividido también a Bitcoin Cash, en 2018 y de nuevo en 2020, y han dado lugar a otras monedas.' },
        { heading: 'No es lo mismo que Bitcoin', text: 'BCH y BTC son monedas distintas. Si envías una a una dirección pensada para la otra, puedes perder los fondos.' },
      ],
    },
    {
      heading: 'Historia',
      p: [],
      ul: [
        { heading: '2017', text: 'Bitcoin Cash se separa de Bitcoin el 1 de agosto.' },
        { heading: '2018', text: 'Una disputa sobre el protocolo da lugar a la separación de Bitcoin SV.' },
        { heading: '2020', text: 'Otra división crea una moneda aparte, que hoy se llama eCash.' },
        { heading: '2024', text: 'En abril, la recompensa por bloque se reduce a la mitad y queda en 3,125 BCH.' },
      ],
    },
  ],
} satisfies CoinInfo;
