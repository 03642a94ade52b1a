import { Utility } from './Utility';
import { wantedUtilities } from './wantedUtilities';

const INGRESS: Utility = {
  name: 'ingress-nginx',
  driverVersion: '1.0.0',
  appVersion: '1.12.1',
  requires: [],
};
const DNS: Utility = {
  name: 'k8s-gateway',
  driverVersion: '1.0.0',
  appVersion: '0.4.0',
  requires: ['base_domain'],
};
const CATALOG = [INGRESS, DNS];
const names = (utilities: Utility[]) => utilities.map(u => u.name);

describe('wantedUtilities', () => {
  describe('1. utilities_enabled: false', () => {
    it('gives the cluster none', () => {
      expect(
        wantedUtilities(CATALOG, {
          utilities_enabled: false,
          base_domain: 'apps.example.com',
        }),
      ).toEqual([]);
    });

    it('true or absent gives them', () => {
      const settings = { base_domain: 'apps.example.com' };
      expect(names(wantedUtilities(CATALOG, settings))).toEqual([
        'ingress-nginx',
        'k8s-gateway',
      ]);
      expect(
        names(
          wantedUtilities(CATALOG, { ...settings, utilities_enabled: true }),
        ),
      ).toEqual(['ingress-nginx', 'k8s-gateway']);
    });
  });

  describe('2. disabled_utilities', () => {
    it('leaves out those it names, and only those', () => {
      expect(
        names(
          wantedUtilities(CATALOG, {
            base_domain: 'apps.example.com',
            disabled_utilities: ['ingress-nginx'],
          }),
        ),
      ).toEqual(['k8s-gateway']);
    });
  });

  describe('3. required settings', () => {
    it('leaves out a utility whose setting is unset', () => {
      expect(names(wantedUtilities(CATALOG, {}))).toEqual(['ingress-nginx']);
    });
  });

  describe('order', () => {
    it("keeps the catalog's order, and enabled: false wins over everything", () => {
      expect(
        names(wantedUtilities([DNS, INGRESS], { base_domain: 'a.b' })),
      ).toEqual(['k8s-gateway', 'ingress-nginx']);
      expect(
        wantedUtilities(CATALOG, {
          utilities_enabled: false,
          disabled_utilities: [],
        }),
      ).toEqual([]);
    });
  });
});
