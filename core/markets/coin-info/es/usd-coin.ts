import type { CoinInfo } from '../coin-info-schema.ts';

export default {
  coin_name: 'USDC',
  iso: 'USDC',
  section: [
    {
      heading: '',
      p: [
        { text: 'USDC es una moneda estable: un token pensado para valer siempre un dólar estadounidense. Lo emite Circle, una empresa tecnológica financiera de Estados Unidos, y se lanzó en 2018.' },
        { text: 'USDC se emite de forma nativa en muchas cadenas de bloques, entre ellas Ethereum y Solana. No tiene cadena propia: las reglas de cada red determinan lo rápido y barato que se mueve en ella.' },
      ],
    },
    {
      heading: 'Cómo funciona',
      p: [
        { text: 'Circle emite USDC nuevos cuando sus clientes depositan dólares y los destruye cuando estos devuelven tokens a cambio de dólares. Las reservas que respaldan los tokens se mantienen en efectivo y en deuda pública estadounidense a corto plazo, y una firma contable independiente informa sobre ellas cada mes.' },
      ],
      ul: [
        { heading: 'Oferta', text: 'No hay un límite fijo: la cantidad de USDC en circulación sigue a la demanda.' },
        { heading: 'Unidades', text: 'Un USDC se divide en un millón de unidades (seis decimales).' },
        { heading: 'Cambio de red', text: 'Circle ofrece un servicio que destruye USDC en una cadena de bloques y emite la misma cantidad en otra, de modo que el token puede cambiar de red sin un puente de terceros.' },
        { heading: 'Congelación', text: 'Circle puede impedir que una dirección use USDC, según sus condiciones publicadas y cuando la ley lo exige.' },
      ],
    },
    {
      heading: 'Para qué se usa',
      p: [
        { text: 'USDC se usa para pagar y transferir dólares en cadenas de bloques, para operar en plataformas de intercambio, como garantía en aplicaciones de préstamo y, en las empresas, para liquidar pagos fuera del horario bancario.' },
      ],
    },
    {
      heading: 'Qué debes saber',
      p: [],
      ul: [
        { heading: 'Riesgo del emisor', text: 'Un USDC vale un dólar solo mientras Circle pueda reembolsarlo. Su valor depende de la empresa, de sus reservas y de los bancos y fondos que las custodian.' },
        { heading: 'Una pérdida de paridad en el pasado', text: 'En marzo de 2023, parte de las reservas estaba depositada en Silicon Valley Bank cuando este quebró. USDC cayó claramente por debajo del dólar durante un fin de semana y se recuperó cuando las autoridades estadounidenses anunciaron que los depositantes del banco estarían protegidos.' },
        { heading: 'Elige bien la red', text: 'Los USDC enviados por una red no se pueden recibir en otra. Comprueba que quien envía y quien recibe usan la misma red.' },
        { heading: 'Regulación', text: 'Las normas sobre monedas estables varían de un país a otro y siguen cambiando.' },
      ],
    },
    {
      heading: 'Historia',
      p: [],
      ul: [
        { heading: '2018', text: 'Se lanza USDC, gestionado por Centre, un consorcio fundado por Circle y la plataforma de intercambio Coinbase.' },
        { heading: '2023', text: 'La quiebra de Silicon Valley Bank hace caer USDC por debajo del dólar durante un fin de semana. Ese mismo año se disuelve Centre y Circle pasa a gestionar USDC en solitario.' },
        { heading: '2024', text: 'Circle obtiene una licencia de dinero electrónico en Francia, que le permite emitir USDC conforme al reglamento europeo MiCA.' },
      ],
    },
  ],
} satisfies CoinInfo;
