export { DEMO_PROVIDER_SUPPORT, DEMO_RESELLER_SUPPORT, seedDemoSupportDetails } from './help.demo.js';
export { helpOperations } from './help.operations.js';
export { HELP_ARTICLES_DIR, readHelpArticles, syncHelpArticles } from './help-articles.js';
