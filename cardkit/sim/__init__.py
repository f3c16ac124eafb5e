"""Rule simulations: engine protocol, bots, seeded batch runner, statistics, backends, reports."""
