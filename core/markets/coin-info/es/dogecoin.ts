import type { CoinInfo } from '../coin-info-schema.ts';

export default {
  coin_name: 'Dogecoin',
  iso: 'DOGE',
  section: [
    {
      heading: '',
      p: [
        { text: 'Dogecoin nació en diciembre de 2013 como una parodia amable de las criptomonedas. Sus creadores, los ingenieros de software Billy Markus y Jackson Palmer, le pusieron el nombre del meme «Doge», un perro de raza shiba inu que también es su logotipo.' },
        { text: 'Su código procede del de Litecoin, y con los años ha reunido una comunidad de usuarios grande y muy activa.' },
      ],
    },
    {
      heading: 'Cómo funciona',
      p: [
        { text: 'Dogecoin usa prueba de trabajo con el algoritmo Scrypt, el mismo que Litecoin. Desde 2014 ambas se pueden minar a la vez («minería combinada»), de modo que los mineros protegen las dos redes con el mismo trabajo. Se añade un bloque nuevo aproximadamente cada minuto.' },
      ],
      ul: [
        { heading: 'Oferta', text: 'No hay un máximo. Cada bloque crea 10.000 dogecoins nuevos, unos 5.000 millones al año. Como esa cifra no cambia mientras el total crece, el ritmo anual de emisión va bajando poco a poco.' },
        { heading: 'Unidades', text: 'Un dogecoin se divide en 100 millones de su unidad más pequeña.' },
      ],
    },
    {
      heading: 'Para qué se usa',
      p: [
        { text: 'Dogecoin se ha usado para dar propinas en internet, para pagos pequeños y para recaudar fondos en la comunidad, además de para operar en los mercados. Sus comisiones suelen ser bajas.' },
      ],
    },
    {
      heading: 'Qué debes saber',
      p: [],
      ul: [
        { heading: 'Volatilidad', text: 'El precio de dogecoin ha cambiado a menudo de forma brusca al hilo de las redes sociales y de los comentarios de personas conocidas.' },
        { heading: 'Emisión continua', text: 'Con cada bloque se crean monedas nuevas, sin fecha de fin.' },
        { heading: 'Tenencia concentrada', text: 'Unas pocas direcciones tienen una parte importante de todos los dogecoins, aunque algunas pertenecen a plataformas de intercambio que guardan monedas de sus clientes.' },
        { heading: 'Equipo de desarrollo reducido', text: 'Mantiene el software un grupo pequeño de desarrolladores, en su mayoría voluntarios.' },
      ],
    },
    {
      heading: 'Historia',
      p: [],
      ul: [
        { heading: '2013', text: 'Dogecoin se lanza el 6 de diciembre.' },
        { heading: '2014', text: 'Empieza la minería combinada con Litecoin. La comunidad recauda fondos para que el equipo jamaicano de bobsleigh vaya a los Juegos Olímpicos de Invierno.' },
        { heading: '2015', text: 'La recompensa por bloque queda fija en 10.000 dogecoins.' },
        { heading: '2021', text: 'La atención en las redes sociales trae grandes vaivenes en el precio y en el volumen de negociación.' },
      ],
    },
  ],
} satisfies CoinInfo;
