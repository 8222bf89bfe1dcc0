import { describe, expect, it } from 'vitest';
import type { Promotion } from '@/domain/model';
import {
  promotionFromDoc,
  promotionProblems,
  type PromotionInput,
} from '@/domain/schemas/promotion';

describe('promotion schema', () => {
  it('decodes a promotion, a missing status reading as draft', () => {
    const start = new Date('2026-01-01T00:00:00Z');
    const promotion: Promotion = promotionFromDoc('p1', {
      teamId: 't1',
      isScheduled: true,
      startDate: start,
      endDate: 'soon',
      title: 'Sale',
      url: 5,
    });
    expect(promotion).toEqual({
      id: 'p1',
      teamId: 't1',
      isArchived: false,
      status: 'draft',
      isScheduled: true,
      startDate: start,
      endDate: null,
      title: 'Sale',
      body: '',
      url: '',
    });
  });

  it('promotionProblems explains what stops a save', () => {
    const input: PromotionInput = {
      title: ' ',
      body: '',
      url: 'example.com',
      status: 'live',
      isScheduled: true,
      startDate: new Date('2026-02-01'),
      endDate: new Date('2026-01-01'),
    };
    expect(promotionProblems(input)).toEqual([
      'Give the promotion a title.',
      'The link must be a full web address starting with https://',
      'The end date must be after the start date.',
    ]);
    expect(
      promotionProblems({
        ...input,
        title: 'Sale',
        url: 'https://a.example/x',
        isScheduled: false,
      }),
    ).toEqual([]);
  });
});
