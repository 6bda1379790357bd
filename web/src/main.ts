type Health = { ok: boolean; engine: string };

async function showHealth(target: HTMLElement): Promise<void> {
  try {
    const response = await fetch("/api/health");
    const health = (await response.json()) as Health;
    target.textContent = health.ok ? `Server ok, engine ${health.engine}` : "Server not ok";
  } catch {
    target.textContent = "Server unreachable";
  }
}

const target = document.getElementById("health");
if (target) void showHealth(target);
