import type { CoinInfo } from '../coin-info-schema.ts';

export default {
  coin_name: 'XRP',
  iso: 'XRP',
  section: [
    {
      heading: '',
      p: [
        { text: 'XRP es la moneda propia del XRP Ledger, una cadena de bloques pública que funciona desde 2012. Se le suele llamar «Ripple» por la empresa Ripple, que ha impulsado XRP y lo usa en sus productos de pago.' },
        { text: 'El XRP Ledger y Ripple son cosas distintas: el registro es software de código abierto que cualquiera puede ejecutar, mientras que Ripple es una empresa privada y una de las mayores tenedoras de XRP.' },
      ],
    },
    {
      heading: 'Cómo funciona',
      p: [
        { text: 'XRP no se mina. Unos servidores independientes, los validadores, se ponen de acuerdo cada pocos segundos sobre la nueva versión del registro. Cada servidor elige una lista de validadores en los que confía, y un cambio se acepta cuando lo respalda una amplia mayoría de esa lista.' },
      ],
      ul: [
        { heading: 'Oferta', text: 'Los 100.000 millones de XRP se crearon al iniciarse el registro. Con cada transacción se destruye una pequeña comisión, así que el total va disminuyendo poco a poco.' },
        { heading: 'Reserva', text: 'Cada cuenta debe mantener un pequeño saldo mínimo en XRP, lo que impide llenar el registro de cuentas vacías.' },
        { heading: 'Unidades', text: 'Un XRP se divide en un millón de drops.' },
        { heading: 'Mercado integrado', text: 'El registro admite tokens emitidos por terceros y tiene su propio mercado para intercambiarlos.' },
      ],
    },
    {
      heading: 'Para qué se usa',
      p: [
        { text: 'XRP se usa para hacer transferencias rápidas y baratas y como moneda puente al cambiar una divisa por otra, por ejemplo en pagos internacionales entre entidades financieras. También se negocia en plataformas de intercambio.' },
      ],
    },
    {
      heading: 'Qué debes saber',
      p: [],
      ul: [
        { heading: 'Volatilidad', text: 'El precio de XRP puede variar bruscamente en poco tiempo.' },
        { heading: 'Tenencia concentrada', text: 'Ripple tiene una parte importante de todos los XRP, buena parte en depósito de garantía que se libera poco a poco, por lo que sus ventas pueden influir en el mercado.' },
        { heading: 'Listas de validadores', text: 'La mayoría de los servidores sigue una lista recomendada de validadores en lugar de elegir la suya, lo que algunos críticos consideran un punto de centralización.' },
        { heading: 'Antecedentes judiciales', text: 'Entre 2020 y 2025, Ripple mantuvo un pleito con la SEC, el regulador bursátil de Estados Unidos, por sus ventas de XRP. Las normas sobre criptoactivos siguen variando de un país a otro.' },
      ],
    },
    {
      heading: 'Historia',
      p: [],
      ul: [
        { heading: '2012', text: 'Se pone en marcha el XRP Ledger y se funda la empresa que más tarde se llamará Ripple.' },
        { heading: '2017', text: 'Ripple deposita 55.000 millones de XRP en un depósito de garantía que se libera por partes cada mes.' },
        { heading: '2020', text: 'La SEC demanda a Ripple por considerar que sus ventas de XRP eran ofertas de valores no registradas.' },
        { heading: '2023', text: 'Un tribunal estadounidense dictamina que los XRP vendidos al público en plataformas de intercambio no se ofrecieron como valores, y que las ventas directas a instituciones sí.' },
        { heading: '2025', text: 'El caso termina después de que ambas partes retiren sus recursos.' },
      ],
    },
  ],
} satisfies CoinInfo;
