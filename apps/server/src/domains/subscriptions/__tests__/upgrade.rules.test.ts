import { describe, expect, it } from 'vitest';
import { nameAfterUpgrade, type UpgradeCandidate, upgradeTargets } from '../upgrade.rules.js';

const service = (over: Partial<UpgradeCandidate> & { serviceName: string }): UpgradeCandidate => ({
  displayName: over.serviceName,
  ownerAccountId: 1,
  category: 'Backup',
  isComplexProduct: false,
  monthly: '10',
  ...over,
});

describe('[A2.8] the services a subscription can be upgraded to', () => {
  const current = service({ serviceName: 'Backup 500 GB', monthly: '5' });

  it('offers other services of the same vendor and category, cheapest first, unknown prices last', () => {
    const targets = upgradeTargets(current, [
      current,
      service({ serviceName: 'backup 500 gb' }),
      service({ serviceName: 'Backup 2 TB', monthly: '20' }),
      service({ serviceName: 'Backup 1 TB', monthly: '12.5' }),
      service({ serviceName: 'Backup Archive', monthly: null }),
      service({ serviceName: 'Backup Basic', monthly: '12.5', displayName: 'A backup basic' }),
      service({ serviceName: 'Other vendor backup', ownerAccountId: 2 }),
      service({ serviceName: 'Mail archive', category: 'Communication' }),
      service({ serviceName: 'Backup suite', isComplexProduct: true }),
    ]);

    expect(targets.map((t) => t.serviceName)).toEqual(['Backup Basic', 'Backup 1 TB', 'Backup 2 TB', 'Backup Archive']);
  });

  it('offers nothing when the vendor has no other service in the category', () => {
    expect(upgradeTargets(current, [current, service({ serviceName: 'Mail', category: 'Communication' })])).toEqual([]);
  });
});

describe('the name of an upgraded subscription', () => {
  const from = { serviceName: 'Backup 500 GB', displayName: 'Contoso Backup 500 GB' };
  const to = { displayName: 'Contoso Backup 2 TB' };

  it.each([
    ['the old service display name follows the service', 'Contoso Backup 500 GB', 'Contoso Backup 2 TB'],
    ['the old service name (any case) follows the service', 'backup 500 gb', 'Contoso Backup 2 TB'],
    ['a name the customer chose is kept', 'Finance backups', 'Finance backups'],
  ])('%s', (_name, accountName, expected) => {
    expect(nameAfterUpgrade({ accountName, from, to })).toBe(expected);
  });
});
