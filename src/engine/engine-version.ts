/** Version of the risk engine; stored with every result. Bump on any change to the numbers or formulas. */
export const ENGINE_VERSION = '3.1.0';
