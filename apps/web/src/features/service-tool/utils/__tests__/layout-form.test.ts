import { blankServiceDocument, defaultLayouts, type ServiceLayout } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { newField } from '../field-form';
import {
  addBlock,
  addCustomRow,
  addPage,
  availableFields,
  dropFieldOnField,
  editLayout,
  moveFieldBy,
  movePage,
  placeField,
  removeAllFields,
  removeBlock,
  resetLayout,
  withBothLayouts,
} from '../layout-form';

const layoutWith = (names: string[]): ServiceLayout => ({
  Action: 'CREATE',
  Pages: names.map((Name) => ({ Name, PageLayout: 'TwoColumn', Type: 'normal', Custom: {}, Blocks: [] })),
});
const fieldsOf = (l: ServiceLayout) => l.Pages.map((p) => p.Blocks.map((b) => b.Fields.map((f) => f.FieldId)));

describe('layout form', () => {
  it.each([
    [[], 'Page'],
    [['Page'], 'Page 2'],
    [['page', 'PAGE 2'], 'Page 3'],
    [['General', 'Page'], 'Page 2'],
  ])('[S5.3] after pages %j the new page is %s', (names, expected) => {
    expect(addPage(layoutWith(names), 'normal').Pages.at(-1)?.Name).toBe(expected);
  });

  it('[S5.3] [S9.1] no fourth page', () => {
    const three = layoutWith(['A', 'B', 'C']);
    expect(addPage(three, 'normal')).toBe(three);
  });

  it('[S2.8] [S3.3] a powerbi page has key/value rows instead of groups', () => {
    const page = addPage(layoutWith([]), 'powerbi').Pages[0];
    expect(page).toMatchObject({ Type: 'powerbi', Custom: { Key: '' }, Blocks: [] });
    expect(addCustomRow(addPage(layoutWith([]), 'powerbi'), 0).Pages[0]?.Custom).toEqual({ Key: '', 'Key 2': '' });
  });

  it('[S5.3] new groups get unique names across the layout', () => {
    const [create] = defaultLayouts();
    const once = addBlock(create as ServiceLayout, 0);
    expect(once.Pages[0]?.Blocks.map((b) => b.Name)).toEqual(['Details', 'Group']);
    expect(addBlock(once, 0).Pages[0]?.Blocks.map((b) => b.Name)).toEqual(['Details', 'Group', 'Group 2']);
  });

  it('[S2.8] moving a field to a group takes it from its old place; it stays once in the layout', () => {
    let l = addBlock(defaultLayouts(['a', 'b', 'c'])[0] as ServiceLayout, 0);
    l = placeField(l, 'b', { page: 0, block: 1 });
    expect(fieldsOf(l)).toEqual([[['a', 'c'], ['b']]]);
    l = placeField(l, 'a', { page: 0, block: 1 }, 0);
    expect(fieldsOf(l)).toEqual([[['c'], ['a', 'b']]]);
    l = dropFieldOnField(l, 'c', 'b');
    expect(fieldsOf(l)).toEqual([[[], ['a', 'c', 'b']]]);
    l = dropFieldOnField(l, 'b', 'a');
    expect(fieldsOf(l)).toEqual([[[], ['b', 'a', 'c']]]);
    expect(fieldsOf(moveFieldBy(l, 'a', 1))).toEqual([[[], ['b', 'c', 'a']]]);
    expect(fieldsOf(removeBlock(l, { page: 0, block: 1 }))).toEqual([[[]]]);
  });

  it('[S2.8] available fields are those not placed; remove all fields and reset to default', () => {
    const fields = ['a', 'b', 'c'].map((id) => ({ ...newField('Textbox', id), DisplayName: id }));
    const l = defaultLayouts(['b'])[0] as ServiceLayout;
    expect(availableFields(fields, l).map((f) => f.Id)).toEqual(['a', 'c']);
    expect(availableFields(fields, removeAllFields(l)).map((f) => f.Id)).toEqual(['a', 'b', 'c']);
    const reset = resetLayout(addPage(removeAllFields(l), 'normal'), fields);
    expect(fieldsOf(reset)).toEqual([[['a', 'b', 'c']]]);
  });

  it('[S2.8] pages reorder', () => {
    expect(movePage(layoutWith(['A', 'B', 'C']), 2, 0).Pages.map((p) => p.Name)).toEqual(['C', 'A', 'B']);
  });

  it('[S4.3] in basic mode an edit goes to CREATE and VIEW becomes its copy; in advanced only the chosen layout', () => {
    const doc = { ...blankServiceDocument(), Layouts: defaultLayouts() };
    const basic = editLayout(doc, { action: 'VIEW', basic: true }, (l) => addPage(l, 'normal'));
    expect(basic.Layouts.map((l) => [l.Action, l.Pages.length])).toEqual([
      ['CREATE', 2],
      ['VIEW', 2],
    ]);
    const advanced = editLayout(doc, { action: 'VIEW', basic: false }, (l) => addPage(l, 'normal'));
    expect(advanced.Layouts.map((l) => [l.Action, l.Pages.length])).toEqual([
      ['CREATE', 1],
      ['VIEW', 2],
    ]);
  });

  it('[S3.3] both layouts exist, CREATE then VIEW', () => {
    expect(withBothLayouts([{ Action: 'VIEW', Pages: [] }]).map((l) => l.Action)).toEqual(['CREATE', 'VIEW']);
  });
});
