/// The bank templates of `Templates/`, for `quizbank init --bank KIND` (an installed quizbank
/// has no repository beside it). A test keeps each equal to its file, byte for byte: the files
/// are the originals, and a change to one is made there and copied here.
enum StarterBanks {
    static let kinds = ["true-false", "choice", "exam"]

    static func text(of kind: String) -> String? {
        switch kind {
        case "true-false": return truefalse + "\n"
        case "choice": return choice + "\n"
        case "exam": return exam + "\n"
        default: return nil
        }
    }

    private static let truefalse = #"""
# yaml-language-server: $schema=bank.schema.json
#
# A true/false question bank. Copy this file, change `id` and `title`, and replace the questions.
# The first line lets editors with the YAML extension check the file and explain each field as
# you type, against bank.schema.json beside it: `quizbank init --bank` writes it there, and
# `quizbank schema bank > bank.schema.json` anywhere (the first line gives its path from here).
# Check the banks of this folder with:  quizbank lint

# Version of the bank format. Always 1.
quizbank: 1

# Identifies the bank: lowercase letters, digits and "-". Keep it stable once published.
id: my-true-false

# Shown to players.
title: Science myths and facts

# The language the bank is written in (a BCP 47 tag: en, es, pt-BR, ...).
locale: en

# Optional: a sentence or two about the bank.
description: Four statements about science. Decide whether each one is true or false.

# The questions; at least one. Each `id` must be unique in the bank.
questions:
  # A true/false question has `text` (the statement) and `answer: true` or `answer: false`.
  # Write exactly true or false, unquoted (not yes/no, not "true").
  - id: venus-hottest-planet
    text: Venus is the hottest planet in the Solar System.
    answer: true
    # Optional, but recommended: shown after the player answers.
    explanation: >-
      Venus is farther from the Sun than Mercury, but its thick carbon dioxide atmosphere traps
      heat, keeping its surface at about 465 °C, hotter than anywhere on Mercury.
    # Optional: 1 (easy) .. 5 (hard).
    difficulty: 3
    # Optional: free-form labels for searching and filtering.
    tags: [astronomy, planets]

  - id: sound-faster-in-air
    text: Sound travels faster through air than through water.
    answer: false
    explanation: >-
      Sound travels about 343 m/s in air at 20 °C but roughly 1,480 m/s in water: it is more than
      four times faster in water.
    difficulty: 2
    tags: [physics]

  - id: diamond-is-carbon
    text: Diamond is a form of carbon.
    answer: true
    explanation: Diamond is pure carbon with its atoms arranged in a very rigid crystal lattice; graphite is carbon too.
    difficulty: 1
    tags: [chemistry]
    # Optional: hints the player may reveal one at a time.
    hints:
      - Think of the element at the heart of all organic chemistry.

  - id: great-wall-from-moon
    text: The Great Wall of China can be seen with the naked eye from the Moon.
    answer: false
    explanation: >-
      It is a popular myth. The wall is mostly less than 10 metres wide; from the Moon, about 384,000 km
      away, no man-made structure can be made out, and even from low Earth orbit the wall is very
      hard to spot.
    difficulty: 2
    tags: [myths, geography]
"""#

    private static let choice = #"""
# yaml-language-server: $schema=bank.schema.json
#
# A bank of choice questions. Copy this file, change `id` and `title`, and replace the questions.
# The first line lets editors with the YAML extension check the file and explain each field as
# you type, against bank.schema.json beside it: `quizbank init --bank` writes it there, and
# `quizbank schema bank > bank.schema.json` anywhere (the first line gives its path from here).
# Check the banks of this folder with:  quizbank lint

# Version of the bank format. Always 1.
quizbank: 1

# Identifies the bank: lowercase letters, digits and "-". Keep it stable once published.
id: my-choices

# Shown to players.
title: Planets, elements and animals

# The language the bank is written in (a BCP 47 tag: en, es, pt-BR, ...).
locale: en

# Optional: a sentence or two about the bank.
description: A few general-knowledge questions with one or more right answers.

# The questions; at least one. Each `id` must be unique in the bank.
questions:
  # A choice question has `choices` (2 to 8) instead of `answer`.
  # A plain string is a wrong choice; mark a right one with the long form `text:` + `correct: true`.
  # Exactly one correct choice makes a single-choice question.
  - id: red-planet
    text: Which planet is known as the Red Planet?
    choices:
      - Venus
      - text: Mars
        correct: true
        # Optional: shown when the player picks this choice.
        feedback: Right! Iron oxide (rust) in its soil and dust gives Mars its reddish colour.
      - Jupiter
      - text: Mercury
        feedback: Mercury is grey and rocky, a bit like our Moon.
    # Optional: hints the player may reveal one at a time.
    hints:
      - It is the fourth planet from the Sun.
    # Optional, but recommended: shown after the player answers.
    explanation: Mars looks red because its surface is rich in iron oxide.
    # Optional: 1 (easy) .. 5 (hard).
    difficulty: 1
    # Optional: free-form labels for searching and filtering.
    tags: [astronomy]

  - id: gold-symbol
    text: What is the chemical symbol for gold?
    choices:
      - Ag
      - text: Au
        correct: true
      - Gd
      - Go
    explanation: Au comes from aurum, the Latin word for gold. Ag is silver and Gd is gadolinium.
    difficulty: 2
    tags: [chemistry]

  # Two or more correct choices make a multiple-choice question ("select all that apply").
  - id: which-are-mammals
    text: Which of these animals are mammals? Select all that apply.
    choices:
      - text: Dolphin
        correct: true
      - text: Shark
        feedback: Sharks are fish; they breathe through gills.
      - text: Bat
        correct: true
      - Penguin
    explanation: >-
      Mammals feed their young on milk. Dolphins and bats do; sharks are fish and penguins are
      birds.
    difficulty: 2
    tags: [biology, animals]
"""#

    private static let exam = #"""
# yaml-language-server: $schema=bank.schema.json
#
# An exam bank in two languages, with topics. Copy this file, change `id` and `title`, and
# replace the questions. The first line lets editors with the YAML extension check the file and
# explain each field as you type, against bank.schema.json beside it: `quizbank init --bank` writes
# it there, and `quizbank schema bank > bank.schema.json` anywhere (the first line names it
# relative to this file).
# Check the banks of this folder with:  quizbank lint

# Version of the bank format. Always 1.
quizbank: 1

# Identifies the bank: lowercase letters, digits and "-". Keep it stable once published.
id: my-exam

# The source language: a plain (untranslated) string would be read as English.
locale: en

# Every language the bank is published in. Each text below ("localizable") is a mapping from
# language to text and should cover all of them; a missing translation is reported by
# `quizbank lint` and falls back to the `locale` text.
locales: [en, es]

title:
  en: Geography and science exam
  es: Examen de geografía y ciencias

description:
  en: Six questions on geography and science; each test draws four of them.
  es: Seis preguntas de geografía y ciencias; cada examen toma cuatro de ellas.

# Optional: topics, by id. A question's `topic` must be one of them. `weight` is the share of
# an exam drawn from the topic; the weights add up to 1.
topics:
  geography:
    title:
      en: Geography
      es: Geografía
    weight: 0.5
  science:
    title:
      en: Science
      es: Ciencias
    weight: 0.5

# Optional: how an app draws a test from this bank.
exam:
  size: 4                # questions per test, 1 .. number of questions (6 here)
  passing-score: 0.75    # fraction of correct answers needed to pass (3 of 4)
  demo-limit: 2          # questions a free/demo user may answer, 0 .. size
  shuffle-choices: true  # shuffle the choices of choice questions (a question's `shuffle` overrides it)

questions:
  # A single-choice question: exactly one choice has `correct: true`. To translate a choice,
  # use the long form (`text:`) even for a wrong one.
  - id: capital-of-australia
    topic: geography
    difficulty: 2
    tags: [capitals]
    text:
      en: What is the capital of Australia?
      es: ¿Cuál es la capital de Australia?
    choices:
      - text:
          en: Sydney
          es: Sídney
        feedback:
          en: Sydney is Australia's largest city, but not its capital.
          es: Sídney es la ciudad más grande de Australia, pero no su capital.
      - text:
          en: Canberra
          es: Canberra
        correct: true
      - text:
          en: Melbourne
          es: Melbourne
      - text:
          en: Perth
          es: Perth
    hints:
      - en: It is not the largest city.
        es: No es la ciudad más grande.
    explanation:
      en: Canberra was built to be the capital; Parliament has met there since 1927.
      es: Canberra se construyó para ser la capital; el Parlamento se reúne allí desde 1927.

  # A true/false question: `answer: true` or `answer: false`.
  - id: amazon-atlantic
    topic: geography
    difficulty: 1
    tags: [rivers]
    text:
      en: The Amazon River flows into the Atlantic Ocean.
      es: El río Amazonas desemboca en el océano Atlántico.
    answer: true
    explanation:
      en: It reaches the Atlantic in northern Brazil, near the equator.
      es: Llega al Atlántico en el norte de Brasil, cerca del ecuador.

  - id: largest-ocean
    topic: geography
    difficulty: 1
    tags: [oceans]
    text:
      en: Which is the largest ocean on Earth?
      es: ¿Cuál es el océano más grande de la Tierra?
    choices:
      - text:
          en: Atlantic
          es: Atlántico
      - text:
          en: Indian
          es: Índico
      - text:
          en: Pacific
          es: Pacífico
        correct: true
      - text:
          en: Arctic
          es: Ártico
    explanation:
      en: The Pacific covers about a third of the Earth's surface, more than all the land put together.
      es: El Pacífico cubre cerca de un tercio de la superficie de la Tierra, más que todas las tierras emergidas juntas.

  - id: photosynthesis-gas
    topic: science
    difficulty: 2
    tags: [biology]
    text:
      en: Which gas do plants take in from the air to make their food by photosynthesis?
      es: ¿Qué gas toman las plantas del aire para fabricar su alimento mediante la fotosíntesis?
    choices:
      - text:
          en: Oxygen
          es: Oxígeno
        feedback:
          en: Photosynthesis gives off oxygen; it does not use it up.
          es: La fotosíntesis libera oxígeno; no lo consume.
      - text:
          en: Carbon dioxide
          es: Dióxido de carbono
        correct: true
      - text:
          en: Nitrogen
          es: Nitrógeno
      - text:
          en: Hydrogen
          es: Hidrógeno
    explanation:
      en: Plants use the energy of light to turn carbon dioxide and water into sugar, giving off oxygen.
      es: Las plantas usan la energía de la luz para convertir dióxido de carbono y agua en azúcar, y liberan oxígeno.

  # `shuffle: false` keeps this question's choices in the written order (here, increasing
  # distance), whatever `exam.shuffle-choices` says.
  - id: moon-distance
    topic: science
    difficulty: 3
    tags: [astronomy]
    text:
      en: On average, about how far is the Moon from the Earth?
      es: En promedio, ¿a qué distancia aproximada está la Luna de la Tierra?
    choices:
      - text:
          en: 38,000 km
          es: 38 000 km
      - text:
          en: 384,000 km
          es: 384 000 km
        correct: true
      - text:
          en: 3,840,000 km
          es: 3 840 000 km
      - text:
          en: 38,400,000 km
          es: 38 400 000 km
    shuffle: false
    explanation:
      en: The average distance is about 384,400 km; light covers it in about 1.3 seconds.
      es: La distancia media es de unos 384 400 km; la luz la recorre en cerca de 1,3 segundos.

  # A multiple-choice question ("select all that apply"): two or more choices are correct.
  - id: which-are-planets
    topic: science
    difficulty: 2
    tags: [astronomy, planets]
    text:
      en: Which of these are planets of the Solar System? Select all that apply.
      es: ¿Cuáles de estos son planetas del sistema solar? Marca todos los que correspondan.
    choices:
      - text:
          en: Mars
          es: Marte
        correct: true
      - text:
          en: Pluto
          es: Plutón
        feedback:
          en: Since 2006 Pluto has been classified as a dwarf planet.
          es: Desde 2006, Plutón se clasifica como planeta enano.
      - text:
          en: Neptune
          es: Neptuno
        correct: true
      - text:
          en: The Moon
          es: La Luna
        feedback:
          en: The Moon is the Earth's natural satellite.
          es: La Luna es el satélite natural de la Tierra.
    explanation:
      en: "The Solar System has eight planets: Mercury, Venus, Earth, Mars, Jupiter, Saturn, Uranus and Neptune."
      es: "El sistema solar tiene ocho planetas: Mercurio, Venus, la Tierra, Marte, Júpiter, Saturno, Urano y Neptuno."
"""#
}
