import { describe, it, expect } from 'vitest';
import { promotionDisplayStatus } from '@/domain/promotions';

const start = new Date('2025-06-01T00:00:00Z');
const end = new Date('2025-06-30T23:59:59Z');
const scheduled = { status: 'live', isScheduled: true, startDate: start, endDate: end };

describe('promotionDisplayStatus', () => {
  const now = new Date('2025-06-15T00:00:00Z');

  it('shows Draft when the status is missing', () => {
    expect(promotionDisplayStatus({}, now)).toBe('Draft');
  });

  it('shows Draft when the status is not live', () => {
    expect(promotionDisplayStatus({ status: 'draft', isScheduled: false }, now)).toBe('Draft');
    expect(promotionDisplayStatus({ status: 'paused' }, now)).toBe('Draft');
  });

  it('shows Draft for a scheduled draft even within its dates', () => {
    expect(promotionDisplayStatus({ ...scheduled, status: 'draft' }, now)).toBe('Draft');
  });

  it('shows Live for a live promotion that is not scheduled, whatever the dates', () => {
    expect(
      promotionDisplayStatus({ ...scheduled, isScheduled: false }, new Date('2030-01-01')),
    ).toBe('Live');
    expect(promotionDisplayStatus({ status: 'live' }, now)).toBe('Live');
  });

  it('shows Scheduled before the start', () => {
    expect(promotionDisplayStatus(scheduled, new Date(start.getTime() - 1))).toBe('Scheduled');
  });

  it('shows Live exactly at the start instant', () => {
    expect(promotionDisplayStatus(scheduled, new Date(start))).toBe('Live');
  });

  it('shows Live between start and end', () => {
    expect(promotionDisplayStatus(scheduled, now)).toBe('Live');
  });

  it('shows Live exactly at the end instant', () => {
    expect(promotionDisplayStatus(scheduled, new Date(end))).toBe('Live');
  });

  it('shows Expired after the end', () => {
    expect(promotionDisplayStatus(scheduled, new Date(end.getTime() + 1))).toBe('Expired');
  });

  it('leaves a missing end date open', () => {
    expect(promotionDisplayStatus({ ...scheduled, endDate: null }, new Date('2099-01-01'))).toBe(
      'Live',
    );
  });

  it('leaves a missing start date open', () => {
    expect(promotionDisplayStatus({ ...scheduled, startDate: null }, new Date('2000-01-01'))).toBe(
      'Live',
    );
  });

  it('reads the live status case-insensitively', () => {
    expect(promotionDisplayStatus({ status: 'Live' }, now)).toBe('Live');
  });
});
