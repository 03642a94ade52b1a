import { screen } from '@testing-library/react';
import { renderInTestApp } from '@backstage/test-utils';
import { AgentHealthStatus } from './AgentHealthStatus';

describe('AgentHealthStatus', () => {
  it('keeps its words and the time of the last contact in one span, with the space between them', async () => {
    await renderInTestApp(
      <AgentHealthStatus
        cluster={{
          agentLastSeenAt: new Date().toISOString(),
          agentHeartbeatSeconds: 30,
        }}
      />,
    );

    const words = screen.getByText(/^Healthy, last contact/);
    // The status lays out its children as flex items: the words and the time must be one.
    expect(words.tagName).toBe('SPAN');
    expect(words.querySelector('time')).not.toBeNull();
    expect(words.textContent).toMatch(/^Healthy, last contact \S/);
  });
});
