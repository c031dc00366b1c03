"""The tutorials, one module per game (each defines TUTORIALS). Found by triptych.tutorials.all_tutorials."""
