/** Library identity sent in the `x-sdk-type` and `x-sdk-version` headers ([S9.7] version 2.23.1). */
export const config = { version: '2.23.1', type: 'js' };
export default config;
