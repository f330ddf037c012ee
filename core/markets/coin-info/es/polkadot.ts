import type { CoinInfo } from '../coin-info-schema.ts';

export default {
  coin_name: 'Polkadot',
  iso: 'DOT',
  section: [
    {
      heading: '',
      p: [
        { text: 'Polkadot es una red que conecta varias cadenas de bloques para que compartan seguridad e intercambien mensajes. DOT es su token propio.' },
        { text: 'La diseñó Gavin Wood, uno de los cofundadores de Ethereum, y la respalda la Web3 Foundation. La red se puso en marcha en 2020.' },
      ],
    },
    {
      heading: 'Cómo funciona',
      p: [
        { text: 'En el centro está la cadena de retransmisión (relay chain), protegida por validadores con prueba de participación nominada: quienes tienen DOT nominan a los validadores en los que confían, y ambos pueden perder parte de lo depositado si un validador actúa mal. Otras cadenas de bloques se conectan a la cadena de retransmisión y se apoyan en sus validadores en lugar de reunir los suyos.' },
      ],
      ul: [
        { heading: 'Oferta', text: 'Se emiten DOT nuevos para recompensar el staking. Cuántos se emiten lo decide la gobernanza en la cadena, en la que votan quienes tienen DOT.' },
        { heading: 'Unidades', text: 'Un DOT se divide en 10^10 planck.' },
        { heading: 'Gobernanza', text: 'Los cambios en la red, incluidas las actualizaciones de su software, se deciden en referendos en los que votan quienes tienen DOT.' },
      ],
    },
    {
      heading: 'Para qué se usa',
      p: [
        { text: 'DOT se usa para el staking que protege la red, para votar en la gobernanza y para pagar comisiones. Los proyectos lo usan para conseguir espacio en la cadena de retransmisión para sus propias cadenas: antes mediante subastas en las que se bloqueaban DOT, y hoy comprando tiempo de la red («coretime»).' },
      ],
    },
    {
      heading: 'Qué debes saber',
      p: [],
      ul: [
        { heading: 'Volatilidad', text: 'El precio de DOT puede variar bruscamente en poco tiempo.' },
        { heading: 'Bloqueo del staking', text: 'Los DOT retirados del staking tardan días en volver a estar disponibles, y pueden sufrir recortes si el validador elegido actúa mal.' },
        { heading: 'Complejidad', text: 'El diseño tiene muchas piezas y ha cambiado con el tiempo, así que su funcionamiento actual puede no coincidir con descripciones antiguas.' },
        { heading: 'Reglas cambiantes', text: 'Como la gobernanza puede modificar los parámetros de la red, incluida la emisión, las reglas pueden ser distintas en el futuro.' },
      ],
    },
    {
      heading: 'Historia',
      p: [],
      ul: [
        { heading: '2016', text: 'Gavin Wood publica el documento técnico de Polkadot.' },
        { heading: '2017', text: 'Se venden DOT en una venta de tokens. Meses después, un error en una biblioteca de monederos de Ethereum muy usada congela buena parte de los fondos recaudados.' },
        { heading: '2020', text: 'La red se pone en marcha y se habilitan las transferencias de DOT.' },
        { heading: '2021', text: 'Se celebran las primeras subastas de espacio en la cadena de retransmisión.' },
      ],
    },
  ],
} satisfies CoinInfo;
