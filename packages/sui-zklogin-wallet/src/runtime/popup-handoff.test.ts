import { describe, expect, it } from 'vitest';
import { HANDOFF_TYPE, handoffChannelName, popupFlowOf, readHandoff } from './popup-handoff.ts';

describe("the sign-in window's hand-off", () => {
  it("finds the window's flow in the provider's answer, and nothing in any other fragment", () => {
    const flow = '6f1c2a34-5b6d-4e7f-8a9b-0c1d2e3f4a5b';
    expect(popupFlowOf(`#id_token=a.b.c&state=zklogin-popup.${flow}`)).toBe(flow);
    expect(popupFlowOf(`error=access_denied&state=zklogin-popup.${flow}`)).toBe(flow);
    expect(popupFlowOf('#id_token=a.b.c')).toBeNull();
    expect(popupFlowOf('#id_token=a.b.c&state=something-else')).toBeNull();
    // A flow id is what the opener makes (a UUID): nothing odd passes as one.
    expect(popupFlowOf('#state=zklogin-popup.')).toBeNull();
    expect(popupFlowOf('#state=zklogin-popup.a/b<c>')).toBeNull();
    expect(popupFlowOf(`#state=zklogin-popup.${'x'.repeat(65)}`)).toBeNull();
  });

  it('takes only a well-formed message for its own flow', () => {
    const good = { type: HANDOFF_TYPE, flowId: 'flow-0001', fragment: '#id_token=t' };
    expect(readHandoff(good, 'flow-0001')).toEqual(good);
    expect(readHandoff(good, 'flow-0002')).toBeNull();
    expect(readHandoff({ ...good, type: 'other' }, 'flow-0001')).toBeNull();
    expect(readHandoff({ ...good, fragment: 42 }, 'flow-0001')).toBeNull();
    expect(readHandoff(null, 'flow-0001')).toBeNull();
    expect(readHandoff('#id_token=t', 'flow-0001')).toBeNull();
  });

  it('names one channel per flow', () => {
    expect(handoffChannelName('a1')).not.toBe(handoffChannelName('a2'));
  });
});
