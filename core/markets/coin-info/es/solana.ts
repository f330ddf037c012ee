import type { CoinInfo } from '../coin-info-schema.ts';

export default {
  coin_name: 'Solana',
  iso: 'SOL',
  section: [
    {
      heading: '',
      p: [
        { text: 'Solana es una cadena de bloques pública pensada para procesar muchas transacciones con rapidez y a bajo coste. Su moneda propia, SOL, sirve para pagar las comisiones y se deposita en staking para dar seguridad a la red.' },
        { text: 'Anatoly Yakovenko describió Solana en un documento técnico de 2017, y su red principal empezó a funcionar, en versión beta, en marzo de 2020.' },
      ],
    },
    {
      heading: 'Cómo funciona',
      p: [
        { text: 'Solana usa prueba de participación: los validadores depositan SOL, y quienes tienen SOL pueden delegarlos en un validador para participar en las recompensas. Los validadores se turnan para producir bloques en intervalos cortos, de unos 400 milisegundos.' },
        { text: 'Añade una técnica llamada prueba de historia, una secuencia continua de hashes que hace de reloj común, de modo que los validadores acuerdan el orden de los hechos comunicándose menos.' },
      ],
      ul: [
        { heading: 'Oferta', text: 'SOL no tiene un máximo fijo. Se emiten SOL nuevos como recompensa del staking, a un ritmo anual que empezó en el 8 % y baja cada año hasta un 1,5 % a largo plazo. Parte de cada comisión se destruye.' },
        { heading: 'Unidades', text: 'Un SOL se divide en mil millones de lamports.' },
      ],
    },
    {
      heading: 'Para qué se usa',
      p: [
        { text: 'Solana se usa para pagos y transferencias de monedas estables, aplicaciones de intercambio, objetos digitales de colección (NFT) y para emitir y negociar tokens nuevos; sus comisiones bajas hacen viables las operaciones pequeñas.' },
      ],
    },
    {
      heading: 'Qué debes saber',
      p: [],
      ul: [
        { heading: 'Volatilidad', text: 'El precio de SOL puede variar bruscamente en poco tiempo.' },
        { heading: 'Interrupciones', text: 'La red ha dejado de producir bloques varias veces, sobre todo en 2021 y 2022, y los validadores tuvieron que coordinarse para reiniciarla.' },
        { heading: 'Equipos exigentes', text: 'Para ser validador hace falta un equipo potente, lo que limita cuántas personas pueden participar.' },
        { heading: 'Riesgo de los contratos inteligentes', text: 'Las aplicaciones de Solana pueden tener errores, y sus transacciones no se pueden deshacer. Cada día se lanzan muchos tokens nuevos en la red, y algunos son estafas.' },
      ],
    },
    {
      heading: 'Historia',
      p: [],
      ul: [
        { heading: '2017', text: 'Anatoly Yakovenko publica el documento técnico que describe la prueba de historia.' },
        { heading: '2020', text: 'La red principal arranca en versión beta en marzo.' },
        { heading: '2021', text: 'En septiembre, una avalancha de transacciones detiene la red durante unas 17 horas.' },
        { heading: '2022', text: 'Se producen nuevas interrupciones. La quiebra de la plataforma de intercambio FTX, uno de los patrocinadores más visibles de Solana, golpea con fuerza el precio de SOL.' },
      ],
    },
  ],
} satisfies CoinInfo;
