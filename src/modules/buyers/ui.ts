// The buyers module's React components that render anywhere (plain markup: the sign-in steps and the page itself).
export { CodePage, SentPage, SignInPage } from './pages/SignInPages';
export { AccountPage } from './pages/AccountPage';
