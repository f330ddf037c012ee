import type { CoinInfo } from '../coin-info-schema.ts';

export default {
  coin_name: 'Uniswap',
  iso: 'UNI',
  section: [
    {
      heading: '',
      p: [
        { text: 'Uniswap es una plataforma de intercambio descentralizada: un conjunto de contratos inteligentes, primero en Ethereum y hoy en muchas otras redes, que permite cambiar un token por otro directamente desde el propio monedero, sin que ninguna empresa custodie los fondos.' },
        { text: 'La creó Hayden Adams y se lanzó en noviembre de 2018. UNI es el token que permite a quienes lo tienen votar cómo se gestiona el protocolo.' },
      ],
    },
    {
      heading: 'Cómo funciona',
      p: [
        { text: 'En lugar de casar compradores y vendedores en un libro de órdenes, Uniswap usa fondos comunes (pools) con dos tokens cada uno. Una fórmula fija el precio según las cantidades del fondo, y cada operación desplaza ese equilibrio. Quienes aportan tokens a un fondo, los proveedores de liquidez, reciben una parte de las comisiones.' },
      ],
      ul: [
        { heading: 'Oferta', text: 'En septiembre de 2020 se crearon mil millones de UNI, el 60 % reservado a la comunidad. Desde septiembre de 2024, la gobernanza puede crear hasta un 2 % más cada año.' },
        { heading: 'Votaciones', text: 'Quienes tienen UNI proponen y votan cambios en el protocolo y el uso de su tesorería.' },
        { heading: 'Acceso abierto', text: 'Cualquiera puede crear un fondo para cualquier par de tokens.' },
      ],
    },
    {
      heading: 'Para qué se usa',
      p: [
        { text: 'Uniswap se usa para intercambiar tokens, para cobrar comisiones aportando liquidez y, con UNI, para participar en la gobernanza. Otras aplicaciones también canalizan sus operaciones a través de sus fondos.' },
      ],
    },
    {
      heading: 'Qué debes saber',
      p: [],
      ul: [
        { heading: 'Volatilidad', text: 'El precio de UNI puede variar bruscamente en poco tiempo.' },
        { heading: 'Riesgo de los contratos inteligentes', text: 'Un error en los contratos puede hacer perder fondos, y las transacciones no se pueden deshacer.' },
        { heading: 'Pérdidas para los proveedores de liquidez', text: 'Cuando los precios cambian, los proveedores de liquidez pueden acabar con menos valor que si se hubieran limitado a conservar sus tokens.' },
        { heading: 'Copias de tokens reales', text: 'Como cualquiera puede crear un fondo, también se negocian tokens falsos con nombres conocidos. Comprueba la dirección del contrato del token antes de hacer el cambio.' },
        { heading: 'Impacto en el precio', text: 'Las operaciones grandes en fondos pequeños mueven el precio, y este puede cambiar entre el envío de una operación y su ejecución.' },
      ],
    },
    {
      heading: 'Historia',
      p: [],
      ul: [
        { heading: '2018', text: 'Uniswap se lanza en Ethereum en noviembre.' },
        { heading: '2020', text: 'En mayo llega la versión 2. En septiembre se crea el token UNI, y cada dirección que había usado el protocolo recibe 400 UNI.' },
        { heading: '2021', text: 'La versión 3 permite a los proveedores de liquidez concentrar sus fondos en los rangos de precio que elijan.' },
        { heading: '2025', text: 'Se lanza la versión 4, que permite a los fondos ejecutar código propio.' },
      ],
    },
  ],
} satisfies CoinInfo;
