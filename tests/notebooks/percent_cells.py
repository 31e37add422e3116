"""Connect 4 agent, written in VS Code with cell markers."""
import numpy as np

# %% [markdown]
# ## Task 2

# %%
def actions(s):
    return [c for c in range(s.shape[1]) if s[0, c] == 0]

# %% Experiments
board = np.zeros((6, 7), dtype=int)
print(actions(board))

# %%
def utility(s, player):
    return 0
