export { OutboxScreen, type OutboxScreenProps } from './components/outbox-screen';
