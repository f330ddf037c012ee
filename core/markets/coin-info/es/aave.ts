import type { CoinInfo } from '../coin-info-schema.ts';

export default {
  coin_name: 'Aave',
  iso: 'AAVE',
  section: [
    {
      heading: '',
      p: [
        { text: 'Aave es un protocolo de préstamos descentralizado: contratos inteligentes en los que unos depositan criptoactivos para obtener intereses y otros piden prestado aportando una garantía, sin un banco de por medio. AAVE es el token con el que se gobierna.' },
        { text: 'El proyecto nació en 2017 como ETHLend, fundado por Stani Kulechov; en 2018 adoptó el nombre de Aave («fantasma» en finés) y en 2020 lanzó su protocolo de préstamos actual. Funciona en Ethereum y en otras redes.' },
      ],
    },
    {
      heading: 'Cómo funciona',
      p: [
        { text: 'Cada activo tiene un fondo común. Los prestamistas aportan a él y cobran intereses; los prestatarios toman de él y pagan intereses. Los tipos cambian automáticamente según la parte del fondo que esté prestada.' },
        { text: 'Quien pide prestado debe aportar una garantía de más valor que el préstamo. Si el valor de esa garantía cae demasiado, una parte se vende con descuento a otros usuarios para devolver el préstamo. Es lo que se llama liquidación.' },
      ],
      ul: [
        { heading: 'Oferta', text: 'Hay como máximo 16 millones de AAVE: 13 millones se canjearon por el antiguo token LEND en 2020 y 3 millones fueron a una reserva para el ecosistema.' },
        { heading: 'Gobernanza', text: 'Quienes tienen AAVE votan los parámetros del protocolo, como qué activos se admiten y en qué condiciones.' },
        { heading: 'Préstamos flash', text: 'Aave ofrece préstamos sin garantía que deben pedirse y devolverse dentro de la misma transacción; si la devolución falla, se anula toda la transacción.' },
      ],
    },
    {
      heading: 'Para qué se usa',
      p: [
        { text: 'Aave se usa para obtener intereses por las criptomonedas que se tienen, para pedir prestado con ellas como garantía sin venderlas y, con AAVE, para votar cambios. Quienes tienen AAVE también pueden depositarlo en staking para ayudar a cubrir al protocolo si le faltan fondos.' },
      ],
    },
    {
      heading: 'Qué debes saber',
      p: [],
      ul: [
        { heading: 'Volatilidad', text: 'El precio de AAVE, como el de los activos que se usan de garantía, puede variar bruscamente en poco tiempo.' },
        { heading: 'Liquidación', text: 'Si baja el valor de tu garantía, una parte puede venderse, con una penalización.' },
        { heading: 'Riesgo de los contratos y de los datos de precios', text: 'Los errores en los contratos, o los precios erróneos de las fuentes de datos de las que depende el protocolo, pueden causar pérdidas.' },
        { heading: 'Riesgo del staking', text: 'Los AAVE depositados para proteger el protocolo pueden usarse en parte para cubrir un déficit.' },
      ],
    },
    {
      heading: 'Historia',
      p: [],
      ul: [
        { heading: '2017', text: 'ETHLend se lanza como mercado de préstamos en Ethereum.' },
        { heading: '2018', text: 'El proyecto adopta el nombre de Aave.' },
        { heading: '2020', text: 'En enero se lanza el protocolo de préstamos de Aave, y en octubre AAVE sustituye a LEND, a razón de 100 LEND por 1 AAVE.' },
        { heading: '2023', text: 'La gobernanza de Aave lanza GHO, una moneda estable emitida a través del protocolo.' },
      ],
    },
  ],
} satisfies CoinInfo;
