import { describe, expect, it } from 'vitest';
import { billingDragId, droppedBillingField, FIELD_FEES_DROP } from '../billing-drag';

describe('billing drag and drop', () => {
  it.each([
    { name: 'a field dropped on the fees', active: billingDragId('Plan'), over: FIELD_FEES_DROP, field: 'Plan' },
    { name: 'a generated id keeps its marker', active: billingDragId('__gen__a1'), over: FIELD_FEES_DROP, field: '__gen__a1' },
    { name: 'dropped nowhere', active: billingDragId('Plan'), over: null, field: null },
    { name: 'dropped elsewhere', active: billingDragId('Plan'), over: 'drop:0', field: null },
    { name: 'something else dragged', active: 'avail:Plan', over: FIELD_FEES_DROP, field: null },
    { name: 'an empty id', active: billingDragId(''), over: FIELD_FEES_DROP, field: null },
  ])('[S2.9] $name', ({ active, over, field }) => {
    expect(droppedBillingField(active, over)).toBe(field);
  });
});
