export { ExploreScreen, type ExploreScreenProps } from './components/explore-screen';
export { ServiceInfoScreen, type ServiceInfoScreenProps } from './components/service-info-screen';
