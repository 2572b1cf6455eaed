-- wrk script: full-text searches over the synthetic data (bench/run.sh). Half of the queries
-- carry a one-letter typo; some add a tag filter or a point to rank by distance.
-- Usage: wrk -t2 -c16 -d20s --latency -s bench/search.lua http://127.0.0.1:8099
math.randomseed(7)
local adjectives = {"Silent", "Golden", "Broken", "Rising", "Hidden", "Wandering", "Dancing",
  "Ancient", "Luminous", "Spiral", "Falling", "Northern", "Sleeping"}
local nouns = {"Guardian", "Garden", "Heron", "Memory", "Horizon", "Bridge", "Totem", "Harbour",
  "Circle", "Tower", "Messenger", "River", "Orchard", "Lantern", "Mother"}
local surnames = {"Castillo", "Dubois", "Eriksen", "Fontaine", "Haddad", "Ivanova", "Kowalski",
  "Lindqvist", "Moreau", "Nakamura", "Okafor", "Petrov"}
local materials = {"bronze", "stone", "metal", "concrete", "wood", "ceramic", "glass"}

local function typo(w)
  -- swap two inner letters
  local i = math.random(2, #w - 2)
  return w:sub(1, i - 1) .. w:sub(i + 1, i + 1) .. w:sub(i, i) .. w:sub(i + 2)
end

local function pick(t) return t[math.random(#t)] end

request = function()
  local r = math.random()
  local q
  if r < 0.4 then
    q = pick(adjectives) .. "%20" .. pick(nouns)
  elseif r < 0.7 then
    q = typo(pick(nouns)) .. "%20" .. typo(pick(surnames))
  elseif r < 0.85 then
    q = "tag:material:" .. pick(materials) .. "%20" .. pick(nouns)
  else
    q = typo(pick(surnames))
  end
  local near = ""
  if math.random() < 0.2 then near = "&lat=49.2827&lon=-123.1207" end
  return wrk.format("GET", "/api/search?q=" .. q .. "&per_page=20" .. near)
end
