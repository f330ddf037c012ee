import type { CoinInfo } from '../coin-info-schema.ts';

export default {
  coin_name: 'Bitcoin',
  iso: 'BTC',
  section: [
    {
      heading: '',
      p: [
        { text: 'Bitcoin es una moneda digital que se envía de persona a persona por internet, sin que intervenga un banco ni una empresa de pagos. Se describió en un documento técnico publicado en 2008 bajo el nombre de Satoshi Nakamoto, cuya identidad sigue sin conocerse, y su red empezó a funcionar en enero de 2009.' },
        { text: 'Todas las transacciones quedan registradas en un libro de cuentas público, la cadena de bloques, que miles de ordenadores independientes de todo el mundo mantienen sincronizado. La red no tiene dueño: sus reglas solo cambian cuando quienes la hacen funcionar deciden adoptar el cambio.' },
      ],
    },
    {
      heading: 'Cómo funciona',
      p: [
        { text: 'Los mineros añaden nuevos bloques de transacciones compitiendo por resolver un problema de cálculo; este método se llama prueba de trabajo. Quien lo resuelve primero añade el bloque y recibe bitcoins de nueva creación, además de las comisiones de las transacciones incluidas. La dificultad se ajusta para que se encuentre un bloque cada diez minutos, aproximadamente.' },
      ],
      ul: [
        { heading: 'Oferta limitada', text: 'Nunca habrá más de 21 millones de bitcoins. La recompensa por bloque se reduce a la mitad cada 210.000 bloques, unos cuatro años, de modo que cada vez se emiten monedas nuevas más despacio.' },
        { heading: 'Unidades pequeñas', text: 'Un bitcoin se divide en 100 millones de satoshis, así que se pueden hacer pagos de cualquier tamaño con fracciones de moneda.' },
        { heading: 'Claves, no cuentas', text: 'Quien tiene la clave privada de una dirección puede gastar lo que hay en ella. Un monedero es el programa que guarda esas claves y firma los pagos con ellas.' },
      ],
    },
    {
      heading: 'Para qué se usa',
      p: [
        { text: 'Se usa para enviar dinero a otros países, para pagar en comercios que lo aceptan y para guardar ahorros fuera del sistema bancario. Como el registro es público y las reglas se conocen de antemano, cualquiera puede comprobar un pago por sí mismo.' },
        { text: 'En la red principal, un pago es definitivo cuando ya tiene encima unos cuantos bloques. Las redes construidas sobre Bitcoin, como Lightning Network, buscan que los pagos pequeños sean más rápidos y baratos.' },
      ],
    },
    {
      heading: 'Qué debes saber',
      p: [{ text: 'Antes de comprar, enviar o aceptar bitcoins, ten en cuenta lo siguiente.' }],
      ul: [
        { heading: 'Volatilidad', text: 'El precio de bitcoin puede subir o bajar bruscamente en cuestión de horas, y a lo largo de su historia ha perdido varias veces buena parte de su valor.' },
        { heading: 'Los pagos no se pueden deshacer', text: 'Un pago confirmado no se puede cancelar. Revisa la dirección y el importe antes de enviar.' },
        { heading: 'Custodia de las claves', text: 'Si guardas tú mismo las claves y las pierdes, nadie podrá recuperar tus monedas. Si las guarda una empresa por ti, dependes de esa empresa.' },
        { heading: 'Comisiones y rapidez', text: 'Las comisiones de la red dependen de lo ocupada que esté y pueden ser altas en los momentos de más actividad.' },
        { heading: 'Energía y normativa', text: 'La minería consume mucha electricidad, algo que es objeto de debate público, y las normas para comprar y tener bitcoins cambian de un país a otro.' },
      ],
    },
    {
      heading: 'Historia',
      p: [],
      ul: [
        { heading: '2008', text: 'Se publica el documento técnico de Bitcoin.' },
        { heading: '2009', text: 'El 3 de enero se mina el primer bloque y la red se pone en marcha.' },
        { heading: '2010', text: 'Un programador paga 10.000 bitcoins por dos pizzas, una de las primeras compras de bienes con bitcoin.' },
        { heading: '2017', text: 'Se activa la mejora SegWit. Ese mismo año, un desacuerdo sobre cómo hacer crecer la red provoca una división de la que nace Bitcoin Cash.' },
        { heading: '2021', text: 'Se activa la mejora Taproot y El Salvador declara el bitcoin moneda de curso legal.' },
        { heading: '2024', text: 'Empiezan a cotizar en Estados Unidos los fondos cotizados de bitcoin al contado, y el cuarto halving (la reducción a la mitad de la recompensa) la deja en 3,125 bitcoins por bloque.' },
      ],
    },
  ],
} satisfies CoinInfo;
