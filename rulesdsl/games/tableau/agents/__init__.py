"""The agents of tableau rulesets that judge a game (`greedy`, and `search` over greedy's best
answers); the random and human agents are the shared ones of `rulesdsl.agents`."""
