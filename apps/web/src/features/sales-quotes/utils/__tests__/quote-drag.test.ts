import { describe, expect, it } from 'vitest';
import { catalogueDragId, droppedService, QUOTE_DROP_ZONE } from '../quote-drag';

describe('quote builder drag and drop', () => {
  it.each([
    {
      name: 'a service dropped on the quote',
      active: catalogueDragId('office-365'),
      over: QUOTE_DROP_ZONE,
      service: 'office-365',
    },
    { name: 'a name with the separator keeps it', active: catalogueDragId('a:b'), over: QUOTE_DROP_ZONE, service: 'a:b' },
    { name: 'dropped nowhere', active: catalogueDragId('office-365'), over: null, service: null },
    { name: 'dropped elsewhere', active: catalogueDragId('office-365'), over: 'fees:field', service: null },
    { name: 'something else dragged', active: 'billing-field:Plan', over: QUOTE_DROP_ZONE, service: null },
    { name: 'an empty name', active: catalogueDragId(''), over: QUOTE_DROP_ZONE, service: null },
  ])('$name', ({ active, over, service }) => {
    expect(droppedService(active, over)).toBe(service);
  });
});
