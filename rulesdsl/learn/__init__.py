"""Learning a game, the parts every game's pages share: the players' rules reference with its
questions and the rule a refusal rests on (`reference`), the texts in two languages (`texts`)
and the pages' words (`words`, which the web table reads too). The first game's guided
lessons, played on its engine from its scenario situations, are its own
(`rulesdsl.games.feast.learn_*`), and so are its Learn pages (`rulesdsl.games.feast.learn_pages`)."""
