-- wrk script: suggestions for 2–5 letter prefixes of the synthetic data's words (bench/run.sh).
-- Usage: wrk -t2 -c16 -d20s --latency -s bench/suggest.lua http://127.0.0.1:8099
math.randomseed(11)
local words = {"Silent", "Golden", "Broken", "Rising", "Hidden", "Wandering", "Dancing",
  "Ancient", "Luminous", "Spiral", "Guardian", "Garden", "Heron", "Memory", "Horizon", "Bridge",
  "Totem", "Harbour", "Lantern", "Castillo", "Dubois", "Eriksen", "Fontaine", "Nakamura",
  "Okafor", "bronze", "ceramic", "sculpture", "mural"}
request = function()
  local w = words[math.random(#words)]
  local n = math.random(2, math.min(5, #w))
  return wrk.format("GET", "/api/search/suggestions?limit=5&q=" .. w:sub(1, n))
end
