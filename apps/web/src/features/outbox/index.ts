export { type OutboxQuery, OutboxScreen, type OutboxScreenProps } from './components/outbox-screen';
