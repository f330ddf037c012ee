import type { CoinInfo } from '../coin-info-schema.ts';

export default {
  coin_name: 'BNB',
  iso: 'BNB',
  section: [
    {
      heading: '',
      p: [
        { text: 'BNB, que al principio se llamó Binance Coin, es la moneda propia de BNB Chain, un grupo de cadenas de bloques creado por la plataforma de intercambio Binance. Nació en 2017, cuando Binance la vendió para financiarse, en un primer momento como token sobre Ethereum.' },
        { text: 'Más adelante, BNB pasó a las cadenas de bloques propias de Binance. Hoy sirve para pagar las comisiones de BNB Smart Chain, una red que ejecuta el mismo tipo de contratos inteligentes que Ethereum.' },
      ],
    },
    {
      heading: 'Cómo funciona',
      p: [
        { text: 'BNB Smart Chain usa un método llamado prueba de autoridad con participación: un grupo pequeño y limitado de validadores, elegidos según los BNB depositados con ellos, produce los bloques por turnos. Así se consiguen bloques rápidos y comisiones bajas, a cambio de tener menos validadores independientes que las redes más grandes.' },
      ],
      ul: [
        { heading: 'Oferta', text: 'BNB empezó con 200 millones de monedas. Cada trimestre se destruye («se quema») una parte de la oferta, y también parte de las comisiones, con el objetivo declarado de reducir el total a 100 millones.' },
        { heading: 'Comisiones', text: 'Todas las transacciones de BNB Smart Chain pagan su comisión en BNB.' },
      ],
    },
    {
      heading: 'Para qué se usa',
      p: [
        { text: 'BNB paga las comisiones de BNB Chain y se usa en las aplicaciones de préstamo, intercambio y de otro tipo que funcionan sobre ella. Además, Binance ofrece comisiones de negociación más bajas a quienes las pagan en BNB.' },
      ],
    },
    {
      heading: 'Qué debes saber',
      p: [],
      ul: [
        { heading: 'Volatilidad', text: 'El precio de BNB puede variar bruscamente en poco tiempo.' },
        { heading: 'Vínculo con una empresa', text: 'BNB Chain está muy ligada a Binance, y lo que le ocurra a la empresa puede afectar a la moneda.' },
        { heading: 'Pocos validadores', text: 'La producción de bloques depende de un grupo reducido de validadores, lo que hace la red más centralizada que otras cadenas públicas más grandes.' },
        { heading: 'Riesgo de contratos y puentes', text: 'Las aplicaciones y los puentes de la cadena pueden tener errores. En 2022, un ataque contra un puente creó BNB de la nada, y los validadores detuvieron la cadena para contenerlo.' },
      ],
    },
    {
      heading: 'Historia',
      p: [],
      ul: [
        { heading: '2017', text: 'Binance vende BNB en su oferta inicial de monedas, como token sobre Ethereum.' },
        { heading: '2019', text: 'BNB pasa a la cadena de bloques propia de Binance.' },
        { heading: '2020', text: 'Se pone en marcha Binance Smart Chain, compatible con los contratos inteligentes de Ethereum.' },
        { heading: '2022', text: 'Las redes pasan a llamarse BNB Chain. Un ataque contra un puente lleva a los validadores a detener la cadena.' },
        { heading: '2023', text: 'Binance y su fundador se declaran culpables en Estados Unidos de infringir las normas contra el blanqueo de capitales y las sanciones internacionales, y la empresa acepta pagar unos 4.300 millones de dólares.' },
      ],
    },
  ],
} satisfies CoinInfo;
