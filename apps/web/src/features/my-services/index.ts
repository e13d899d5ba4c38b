export { MyServicesScreen } from './components/my-services-screen';
