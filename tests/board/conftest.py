"""Board-engine tests: let pytest rewrite the asserts of the shared helpers too."""

import pytest

pytest.register_assert_rewrite("board_helpers")
