import { describe, expect, it } from 'vitest';
import { locationOfHash } from '../paths';

describe('locationOfHash', () => {
  it.each([
    ['', { pathname: '/', search: '' }],
    ['#', { pathname: '/', search: '' }],
    ['#/Marketplace/Explore', { pathname: '/Marketplace/Explore', search: '' }],
    ['#/Marketplace/Explore/t:SWRlbnRpdHk;o:6', { pathname: '/Marketplace/Explore/t:SWRlbnRpdHk;o:6', search: '' }],
    ['#/Account/View/5/Available_services?q=o%3A6', { pathname: '/Account/View/5/Available_services', search: '?q=o%3A6' }],
    ['#?q=x', { pathname: '/', search: '?q=x' }],
  ])('%s is read as the router reads it', (hash, expected) => {
    expect(locationOfHash(hash)).toEqual(expected);
  });
});
