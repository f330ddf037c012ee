import type { CoinInfo } from '../coin-info-schema.ts';

export default {
  coin_name: 'Litecoin',
  iso: 'LTC',
  section: [
    {
      heading: '',
      p: [
        { text: 'Litecoin es una de las criptomonedas más antiguas que siguen en uso. La creó Charlie Lee, entonces ingeniero de Google, y se lanzó en octubre de 2011 a partir del código de Bitcoin, con cambios pensados para agilizar los pagos.' },
        { text: 'Apoya su desarrollo la Litecoin Foundation, una organización sin ánimo de lucro.' },
      ],
    },
    {
      heading: 'Cómo funciona',
      p: [
        { text: 'Litecoin usa prueba de trabajo con el algoritmo Scrypt en lugar del SHA-256 de Bitcoin. Se añade un bloque cada dos minutos y medio, aproximadamente, cuatro veces más a menudo que en Bitcoin, así que los pagos reciben antes su primera confirmación. Dogecoin se puede minar junto con Litecoin, y muchos mineros de Litecoin lo hacen.' },
      ],
      ul: [
        { heading: 'Oferta', text: 'Nunca habrá más de 84 millones de litecoins, cuatro veces el límite de Bitcoin. La recompensa por bloque se reduce a la mitad cada 840.000 bloques, unos cuatro años.' },
        { heading: 'Unidades', text: 'Un litecoin se divide en 100 millones de litoshis.' },
        { heading: 'Privacidad opcional', text: 'Desde 2022 se pueden pasar monedas a una extensión opcional (MWEB) en la que los importes no aparecen en el registro público.' },
      ],
    },
    {
      heading: 'Para qué se usa',
      p: [
        { text: 'Litecoin se usa para pagos y transferencias con comisiones bajas, en comercios y servicios de pago que lo aceptan, y para operar en los mercados. Además, a menudo ha incorporado mejoras técnicas antes que Bitcoin.' },
      ],
    },
    {
      heading: 'Qué debes saber',
      p: [],
      ul: [
        { heading: 'Volatilidad', text: 'El precio de litecoin puede variar bruscamente en poco tiempo.' },
        { heading: 'Los pagos no se pueden deshacer', text: 'Un pago confirmado no se puede cancelar. Revisa la dirección y el importe antes de enviar.' },
        { heading: 'Privacidad y plataformas', text: 'Algunas plataformas de intercambio, sobre todo de Corea del Sur, dejaron de ofrecer litecoin después de que se añadiera su extensión de privacidad, alegando la normativa local.' },
      ],
    },
    {
      heading: 'Historia',
      p: [],
      ul: [
        { heading: '2011', text: 'Charlie Lee publica Litecoin en octubre.' },
        { heading: '2017', text: 'La mejora SegWit se activa en Litecoin, meses antes que en Bitcoin. En diciembre, Charlie Lee anuncia que ha vendido o donado sus litecoins.' },
        { heading: '2022', text: 'Se activa la extensión de privacidad MWEB.' },
        { heading: '2023', text: 'El tercer halving reduce la recompensa a 6,25 litecoins por bloque.' },
      ],
    },
  ],
} satisfies CoinInfo;
