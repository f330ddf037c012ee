import type { CoinInfo } from '../coin-info-schema.ts';

export default {
  coin_name: 'Tether',
  iso: 'USDT',
  section: [
    {
      heading: '',
      p: [
        { text: 'Tether (USDT) es una moneda estable: un token pensado para valer siempre un dólar estadounidense. Lo emite una empresa privada, que también se llama Tether, y apareció en 2014.' },
        { text: 'USDT no tiene cadena de bloques propia. El mismo token se emite en varias redes, entre ellas Ethereum y Tron, y cada versión existe solo en su propia red.' },
      ],
    },
    {
      heading: 'Cómo funciona',
      p: [
        { text: 'Tether crea USDT nuevos cuando sus clientes le envían dólares y los retira de la circulación cuando se los devuelven a cambio de dólares. Como respaldo de los tokens en circulación mantiene unas reservas, sobre todo deuda pública estadounidense a corto plazo y activos parecidos, sobre las que publica informes periódicos de una firma contable.' },
      ],
      ul: [
        { heading: 'Oferta', text: 'No hay un límite fijo: la cantidad de USDT sigue a la demanda; crece cuando se emiten tokens y disminuye cuando se reembolsan.' },
        { heading: 'Reembolso', text: 'Solo los clientes verificados de Tether pueden cambiar USDT por dólares directamente con la empresa, y en sus condiciones. Los demás compran y venden USDT en el mercado.' },
        { heading: 'Congelación', text: 'Los contratos del token permiten a Tether congelar los USDT de una dirección, algo que ha hecho, por ejemplo, a petición de las autoridades.' },
      ],
    },
    {
      heading: 'Para qué se usa',
      p: [
        { text: 'USDT se usa mucho en las plataformas de intercambio de criptomonedas como unidad en dólares para operar y para mover fondos rápidamente de una plataforma a otra. También se usa para pagos y transferencias, y lo eligen quienes quieren tener dólares en lugares donde es difícil conseguirlos.' },
      ],
    },
    {
      heading: 'Qué debes saber',
      p: [],
      ul: [
        { heading: 'Riesgo del emisor', text: 'Un USDT vale un dólar solo mientras Tether pueda y quiera reembolsarlo. Su valor depende de las reservas de la empresa y de cómo las gestione.' },
        { heading: 'Precio por debajo del dólar', text: 'En momentos de tensión en el mercado, USDT ha cotizado durante breves periodos por debajo de un dólar.' },
        { heading: 'Antecedentes regulatorios', text: 'En 2021 Tether llegó a un acuerdo con la fiscalía general de Nueva York y pagó una multa a la CFTC, el regulador estadounidense de derivados, por lo que había afirmado sobre sus reservas. Las normas sobre monedas estables varían de un país a otro y siguen cambiando.' },
        { heading: 'Elige bien la red', text: 'Los USDT enviados por una red no se pueden recibir en otra. Comprueba que quien envía y quien recibe usan la misma red.' },
      ],
    },
    {
      heading: 'Historia',
      p: [],
      ul: [
        { heading: '2014', text: 'Se lanza el token, al principio con el nombre de Realcoin, sobre una capa construida encima de Bitcoin.' },
        { heading: '2019', text: 'USDT empieza a emitirse en la red Tron, que pasa a ser una de las más usadas para este token.' },
        { heading: '2021', text: 'Tether llega a acuerdos con la fiscalía general de Nueva York y con la CFTC por sus declaraciones sobre las reservas.' },
      ],
    },
  ],
} satisfies CoinInfo;
